import { Alert, Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { attestationDialog } from '../../lib/attestation';
import { AttestationForm } from '../../components/member/attestation-form';
import './auth.css';
import { AntScope } from '../../components/ant-scope';

/**
 * 资料认证 (profile verification): opened after an SMS login when no address is on file.
 * The member fills in the spec's fields here (or on 个人资料, the same form); success says
 * '操作成功!' and closes it.
 */
function AttestationDialogContent() {
  const navigate = useNavigate();
  const close = () => attestationDialog.close();
  const goPage = () => {
    close();
    void navigate('/member/information');
  };
  return (
    <Modal open title="资料认证" onCancel={close} footer={null} width={680} centered destroyOnHidden maskClosable={false}>
      <Alert
        type="warning"
        showIcon
        title="未完善基本信息将无法正常下单"
        style={{ marginBottom: 16 }}
        action={
          <Button type="link" size="small" onClick={goPage}>
            去完善资料
          </Button>
        }
      />
      <AttestationForm onDone={close} onCancel={close} />
    </Modal>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function AttestationDialog() {
  return (
    <AntScope>
      <AttestationDialogContent />
    </AntScope>
  );
}
