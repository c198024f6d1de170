import { Button, Modal } from 'antd';

const clauses: { title: string; text: string }[] = [
  { title: '委托内容', text: '委托方在线提交的检测项目、测试条件、样品数量与备注构成本次委托内容；订单提交后项目单价锁定，以订单所示金额为准。' },
  { title: '样品信息', text: '委托方应如实填写样品名称、形态、数量及危险性（易燃、易爆、有毒、腐蚀、放射性等）与磁性情况。因信息不实造成的设备损坏、人员伤害或测试失败，由委托方承担相应责任。' },
  { title: '送样与收样', text: '委托方可自行寄送样品至实验室收样地址，或预约上门取样。实验室收到样品后进行核对登记，样品与订单不符时将与委托方联系确认后再安排测试。' },
  { title: '测试与数据', text: '实验室按所选测试条件与相关标准完成测试，并通过站内消息、短信或邮件通知委托方；原始数据与报告仅向委托方本人提供下载。' },
  { title: '费用与结算', text: '委托方可使用预存款或团体账户支付，符合条件的高校用户可申请测试后结算；企业用户须在测试前全额付款。收样前取消订单的，已付款项原路退回。' },
  { title: '样品留存与退还', text: '选择退样的样品在付清全部费用后 48 小时内寄回；未选择退样的样品在测试完成后保留 30 天，期满由实验室按规定处理。' },
  { title: '结果异议与复测', text: '委托方对数据有异议的，可在数据交付后 15 日内提出复测申请并说明原因；经核实属实验室原因的，免费复测。' },
  { title: '保密', text: '实验室对委托方的样品信息、测试数据及相关资料负有保密义务，未经委托方同意不向任何第三方披露，法律法规另有规定的除外。' },
  { title: '责任限制', text: '测试结果仅对所测样品负责。因不可抗力或样品本身特性导致无法测试的，实验室及时告知并退还相应费用，不承担其他损失。' },
];

/** 《委托检测服务协议》: its main clauses; the signed agreement of an order is downloadable from 合同管理. */
export function AgreementModal({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  return (
    <Modal
      open={open}
      title="委托检测服务协议"
      onCancel={onClose}
      width={720}
      centered
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button
          key="agree"
          type="primary"
          onClick={() => {
            onAgree();
            onClose();
          }}
        >
          我已阅读并同意
        </Button>,
      ]}
    >
      <div className="agreement-body">
        <p>本协议由委托方（下单会员）与科研检测服务商城检测中心（实验室）就在线委托检测服务订立，主要条款如下：</p>
        <ol>
          {clauses.map((c) => (
            <li key={c.title}>
              <strong>{c.title}。</strong>
              {c.text}
            </li>
          ))}
        </ol>
        <p className="member-muted">订单提交后，可在订单详情或「合同协议」中下载本订单的协议文本，签字后上传签署件。</p>
      </div>
    </Modal>
  );
}
