import { ExperimentOutlined } from '@ant-design/icons';
import { experimentNav } from './member-nav';
import { AreaShell } from './area-shell';

const groups = [{ items: experimentNav }];

/** 实验: the experiment plan (cart), demands and contracts; loaded lazily with antd, inside antd's providers. */
export default function ExperimentLayout() {
  return <AreaShell label="实验菜单" card={{ icon: <ExperimentOutlined />, title: '我的实验', note: '计划 · 需求 · 合同' }} base="/experiment" groups={groups} />;
}
