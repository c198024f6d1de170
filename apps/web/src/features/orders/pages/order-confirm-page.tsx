import { Alert, Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { BasicInfoWarning } from './plan-page';
import { SchemaForm } from '../../../components/schema-form';
import { useOrderForm } from '../components/use-order-form';
import { OrderLinesSection } from '../components/order-lines-section';
import { OrderDeliverySection } from '../components/order-delivery-section';
import { OrderExtrasSection } from '../components/order-extras-section';
import { OrderSummary } from '../components/order-summary';
import '../../../components/member/member-pages.css';
import '../../../components/member/member-forms.css';
import '../components/plan.css';
import '../components/order-form.css';

/**
 * 确认订单 (/experiment/confirm?ids=…): per selected plan line its samples, the delivery
 * (self-send to the lab or a home pickup with the shared date/slot rules), the agreement,
 * a coupon wish, an invoice wish and contact data. A SchemaForm checked with the contract's
 * orderAddBody, so the messages are the server's, each under its field; the server prices the
 * order and answers its number. The form, the amounts and the submit are useOrderForm's; each
 * card is a section.
 */
export default function OrderConfirmPage() {
  const form = useOrderForm();
  const { plan } = form;

  if (plan.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (plan.isError) return <Alert type="error" showIcon title="实验计划加载失败" description={plan.error.message} action={<Button onClick={() => void plan.refetch()}>重试</Button>} />;
  if (form.lines.length === 0) {
    return (
      <div className="member-page">
        <div className="member-page-head">
          <h1 className="page-title">确认订单</h1>
        </div>
        <Empty className="member-empty" description="没有可下单的项目，请先在实验计划中选择项目">
          <Link to="/experiment/plan" className="plan-btn-link">
            返回实验计划
          </Link>
        </Empty>
      </div>
    );
  }

  return (
    <div className="member-page order-form">
      <div className="member-page-head">
        <h1 className="page-title">确认订单</h1>
        <Link to="/experiment/plan">返回实验计划</Link>
      </div>
      <BasicInfoWarning />
      {form.restored ? (
        <Alert
          className="order-draft-restored"
          type="info"
          showIcon
          title="已恢复您上次未提交的填写"
          action={
            <Button size="small" onClick={form.discardDraft}>
              重新填写
            </Button>
          }
        />
      ) : null}
      {form.quoteNo ? (
        <Alert
          type="info"
          showIcon
          className="order-quote-note"
          title={`按报价单 ${form.quoteNo} 下单`}
          description="报价单中的项目按报价单单价计价，以提交后的订单金额为准；报价单过期后需重新生成。"
        />
      ) : null}
      <SchemaForm
        form={form.form}
        name="order"
        schema={form.schema}
        body={form.body}
        layout="vertical"
        initialValues={form.initialValues}
        onValuesChange={form.onValuesChange}
        onSubmit={(_checked, values) => form.submit(values)}
      >
        <OrderLinesSection form={form} />
        <OrderDeliverySection form={form} />
        <OrderExtrasSection form={form} />
        <OrderSummary form={form} />
      </SchemaForm>
    </div>
  );
}
