import { Alert, Modal } from 'antd';
import { attestationDialog } from '../../lib/attestation';
import { AttestationForm } from '../../components/member/attestation-form';
import './auth.css';

/**
 * 资料认证 (profile verification): opened after an SMS login when no address is on file.
 * The member fills in the spec's fields here; success says '操作成功!' and closes it.
 */
export default function AttestationDialog() {
  const close = () => attestationDialog.close();
  return (
    <Modal open title="资料认证" onCancel={close} footer={null} width={680} centered destroyOnHidden maskClosable={false}>
      <Alert type="warning" showIcon title="未完善基本信息将无法正常下单" style={{ marginBottom: 16 }} />
      <AttestationForm onDone={close} onCancel={close} />
    </Modal>
  );
}
