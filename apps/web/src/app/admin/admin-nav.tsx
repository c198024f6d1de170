import type { ReactNode } from 'react';
import {
  AuditOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AdminGroup } from './admin-routes';

/** The menu's groups, in order, with their icons (the back office's own chunk only); a `single` group is one screen, shown as a plain item. */
export const adminGroups: { key: AdminGroup; label: string; icon: ReactNode; single?: true }[] = [
  { key: 'home', label: '工作台', icon: <DashboardOutlined />, single: true },
  { key: 'approvals', label: '待审批', icon: <CheckSquareOutlined />, single: true },
  { key: 'analytics', label: '运营分析', icon: <BarChartOutlined />, single: true },
  { key: 'orders', label: '订单与样品', icon: <ExperimentOutlined /> },
  { key: 'members', label: '客户服务', icon: <TeamOutlined /> },
  { key: 'finance', label: '财务', icon: <MoneyCollectOutlined /> },
  { key: 'catalog', label: '服务目录', icon: <AuditOutlined /> },
  { key: 'content', label: '网站内容', icon: <FileTextOutlined /> },
  { key: 'messages', label: '消息', icon: <MessageOutlined /> },
  { key: 'system', label: '系统管理', icon: <SettingOutlined /> },
];
