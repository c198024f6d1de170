import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import type { AdminMemberRow } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useMemberMutation } from '../api/save-member';

interface MemberSettingModalProps<V, A> {
  title: string;
  open: boolean;
  /** the member's value now: the dialog starts from it each time it opens */
  current: V;
  onClose: () => void;
  /** the save call (api/save-member) */
  call: (args: A) => Promise<AdminMemberRow>;
  /** the call's arguments for the chosen value; null when it cannot be sent (after saying why) */
  args: (value: V) => A | null;
  /** what the success message says, from the saved member */
  done: (member: AdminMemberRow) => string;
  /** the control that picks the value */
  children: (value: V, setValue: (value: V) => void) => ReactNode;
}

/** One setting of a member (客户经理, 用户类型) in a dialog: pick, 保存, the success message, closed. */
export function MemberSettingModal<V, A>({ title, open, current, onClose, call, args, done, children }: MemberSettingModalProps<V, A>) {
  const [value, setValue] = useState<V>(current);
  const save = useMemberMutation(call);

  useEffect(() => {
    if (open) setValue(current);
  }, [open, current]);

  const submit = () => {
    const sent = args(value);
    if (sent === null) return;
    save.mutate(sent, {
      onSuccess: (member) => {
        feedback.success(done(member));
        onClose();
      },
    });
  };

  return (
    <Modal title={title} open={open} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden onOk={submit}>
      {children(value, setValue)}
    </Modal>
  );
}
