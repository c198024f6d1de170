import { useState } from 'react';
import { Alert, App, Button, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { passwordField, STAFF_TOTP_ROLES, staffRoleLabels, staffRoles, type StaffAccount, type StaffTotpReset } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useStaffMe } from '../../../lib/admin-api';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useStaffList } from '../api/list-staff';
import { resetStaffPassword, resetStaffTotp, setStaffDisabled, useStaffMutation } from '../api/save-staff';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { StaffFormModal } from '../components/staff-form-modal';
import './staff.css';

const roleColors = { admin: 'purple', sales: 'blue', lab: 'cyan', finance: 'gold' } as const;
const roleOptions = [{ value: '', label: '全部角色' }, ...staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }))];

/** The setup code an admin hands over after a reset: shown this once, with how long it is good. */
function SetupCodeNotice({ person, reset }: { person: StaffAccount; reset: StaffTotpReset }) {
  const copy = () => void navigator.clipboard?.writeText(reset.setupCode).then(() => feedback.success('已复制绑定码'));
  return (
    <div className="admin-setup-code">
      <Alert type="warning" showIcon title="绑定码只显示这一次" description={`请当面或电话告知${person.name}本人，不要通过聊天工具或邮件转发。${person.name}登录后绑定新的身份验证器时须输入它。`} />
      <code className="admin-setup-code-value" aria-label="绑定码">
        {reset.setupCode}
      </code>
      <div className="admin-muted">有效至 {formatDateTime(reset.setupCodeExpiresAt)}，只能使用一次；再次发放后此码作废。</div>
      <Button size="small" icon={<CopyOutlined />} onClick={copy}>
        复制
      </Button>
    </div>
  );
}

/** /admin/staff: the admin adds staff, changes roles, resets passwords and disables accounts. */
export default function StaffPage() {
  const table = useServerTable({ filters: { keyword: '', role: '' } });
  const { data, isFetching } = useStaffList(table.query);
  const me = useStaffMe();
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const prompt = useReasonPrompt();
  const { modal } = App.useApp();
  const password = useStaffMutation(({ id, value }: { id: number; value: string }) => resetStaffPassword(id, value));
  const status = useStaffMutation(({ id, disabled }: { id: number; disabled: boolean }) => setStaffDisabled(id, disabled));
  const totp = useStaffMutation((id: number) => resetStaffTotp(id));

  const showSetupCode = (person: StaffAccount, reset: StaffTotpReset) =>
    modal.info({ title: `${person.name}的绑定码`, content: <SetupCodeNotice person={person} reset={reset} />, okText: '已交给本人', width: 460 });
  usePasswordStrength();

  const askPassword = async (person: StaffAccount) => {
    // the strength check loads on demand: the dialog's check waits for it
    const value = await prompt({ title: `重置密码：${person.name}`, label: '新密码', required: true, maxLength: 64, rule: passwordField('新密码'), ready: ensurePasswordStrength, okText: '重置' });
    if (value === null) return;
    password.mutate({ id: person.id, value }, {
      onSuccess: () => {
        feedback.success('密码已重置，该员工需重新登录');
      },
    });
  };

  const toggle = (person: StaffAccount) => {
    const disabled = !person.disabled;
    modal.confirm({
      title: disabled ? `停用 ${person.name} 的账号？` : `启用 ${person.name} 的账号？`,
      content: disabled ? '停用后该员工立即退出登录，且无法再登录后台。' : '启用后该员工可以重新登录后台。',
      okText: disabled ? '停用' : '启用',
      okButtonProps: { danger: disabled },
      cancelText: '取消',
      onOk: () =>
        settled(
          status.mutateAsync({ id: person.id, disabled }, {
            onSuccess: () => {
              feedback.success(disabled ? '员工账号已停用' : '员工账号已启用');
            },
          }),
        ),
    });
  };

  /** 重置验证器 (a bound account) or 发放绑定码 (admin or finance not bound yet): either way the one-time code, shown once. */
  const askTotpReset = (person: StaffAccount) => {
    modal.confirm({
      title: person.totpEnabled ? `重置 ${person.name} 的身份验证器？` : `为 ${person.name} 发放绑定码？`,
      content: person.totpEnabled
        ? '用于手机丢失或更换。重置后该员工立即退出登录，原恢复码作废；系统生成一次性绑定码，该员工重新绑定时须输入。此操作记入操作日志。'
        : '该员工绑定身份验证器时须输入此绑定码（24小时内有效，只能使用一次）；之前发放的绑定码将作废。此操作记入操作日志。',
      okText: person.totpEnabled ? '重置' : '发放',
      okButtonProps: { danger: person.totpEnabled },
      cancelText: '取消',
      onOk: () =>
        settled(
          totp.mutateAsync(person.id, {
            onSuccess: (reset) => {
              showSetupCode(person, reset);
            },
          }),
        ),
    });
  };

  const columns: TableColumnsType<StaffAccount> = [
    { title: '账号', dataIndex: 'account', key: 'account', sorter: true, sortOrder: table.sortOrderOf('account') },
    { title: '姓名', dataIndex: 'name' },
    { title: '角色', dataIndex: 'role', render: (role: StaffAccount['role']) => <Tag color={roleColors[role]}>{staffRoleLabels[role]}</Tag> },
    { title: '手机号', dataIndex: 'phone', render: (phone: string | null) => phone ?? <span className="admin-muted">未绑定</span> },
    {
      title: '两步验证',
      dataIndex: 'totpEnabled',
      render: (enabled: boolean, person) =>
        enabled ? (
          <Tag color="success">已绑定</Tag>
        ) : person.setupCodeExpiresAt ? (
          <Tooltip title={`有效至 ${formatDateTime(person.setupCodeExpiresAt)}`}>
            <Tag color="processing">已发绑定码</Tag>
          </Tooltip>
        ) : STAFF_TOTP_ROLES.includes(person.role) ? (
          <Tag color="warning">待绑定</Tag>
        ) : (
          <span className="admin-muted">未启用</span>
        ),
    },
    { title: '状态', dataIndex: 'disabled', render: (disabled: boolean) => (disabled ? <Tag>已停用</Tag> : <Tag color="success">启用</Tag>) },
    { title: '最近登录', dataIndex: 'lastLoginAt', key: 'lastLoginAt', sorter: true, sortOrder: table.sortOrderOf('lastLoginAt'), render: (at: string | null) => (at ? formatDateTime(at) : <span className="admin-muted">从未登录</span>) },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, person) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => (setEditing(person), setFormOpen(true))}>编辑</Button>
          <Button type="link" size="small" onClick={() => void askPassword(person)}>重置密码</Button>
          {person.totpEnabled ? (
            <Button type="link" size="small" onClick={() => askTotpReset(person)}>重置验证器</Button>
          ) : (
            STAFF_TOTP_ROLES.includes(person.role) && (
              <Button type="link" size="small" onClick={() => askTotpReset(person)}>发放绑定码</Button>
            )
          )}
          {me.data?.account !== person.account && (
            <Button type="link" size="small" danger={!person.disabled} onClick={() => toggle(person)}>
              {person.disabled ? '启用' : '停用'}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="员工账号"
      description="为实验室员工开通后台账号并分配角色；停用或重置密码会立即结束该员工的登录。"
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>新增员工</Button>}
    >
      <AdminSection>
        <div className="admin-filters">
          <Input.Search allowClear placeholder="账号、姓名或手机号" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索员工" />
          <Select style={{ width: 140 }} value={table.filters.role} options={roleOptions} onChange={(role) => table.setFilters({ role })} aria-label="角色" />
        </div>
        <AdminTable<StaffAccount>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1080 }}
        />
      </AdminSection>
      <StaffFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </AdminPage>
  );
}
