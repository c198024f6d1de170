import { Alert, Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { attestationDialog } from '../../lib/attestation';
import './auth.css';

/**
 * 资料认证 (profile verification). The full form (name, e-mail, user type, unit, advisor,
 * region, address) arrives with the member-profile issue; this dialog says what is missing
 * and leads to the page where it is completed. Nothing is submitted from here.
 */
export default function AttestationDialog() {
  const navigate = useNavigate();
  const goComplete = () => {
    attestationDialog.close();
    void navigate('/member/information');
  };
  return (
    <Modal
      open
      title="资料认证"
      onCancel={() => attestationDialog.close()}
      footer={[
        <Button key="later" onClick={() => attestationDialog.close()}>
          稍后完善
        </Button>,
        <Button key="go" type="primary" onClick={goComplete}>
          去完善资料
        </Button>,
      ]}
      centered
    >
      <Alert type="warning" showIcon title="未完善基本信息将无法正常下单" />
      <p className="attest-text">
        为确保检测报告、发票与样品寄回信息准确，下单前请完善以下基本信息：姓名、邮箱、用户类型、单位名称、
        导师/负责人（学生填写）、收货地区与详细地址。
      </p>
    </Modal>
  );
}
