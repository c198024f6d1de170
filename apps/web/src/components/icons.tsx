import { createElement, type CSSProperties, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
// the package's own index (it declares no side effects: the build keeps only the drawings used)
import {
  BellOutlined as BellOutlinedSvg,
  CalendarOutlined as CalendarOutlinedSvg,
  CarOutlined as CarOutlinedSvg,
  CheckCircleFilled as CheckCircleFilledSvg,
  ClockCircleOutlined as ClockCircleOutlinedSvg,
  CloseCircleFilled as CloseCircleFilledSvg,
  CloseOutlined as CloseOutlinedSvg,
  CustomerServiceOutlined as CustomerServiceOutlinedSvg,
  DownOutlined as DownOutlinedSvg,
  EnvironmentOutlined as EnvironmentOutlinedSvg,
  ExclamationCircleFilled as ExclamationCircleFilledSvg,
  ExperimentOutlined as ExperimentOutlinedSvg,
  FieldTimeOutlined as FieldTimeOutlinedSvg,
  LeftOutlined as LeftOutlinedSvg,
  LoadingOutlined as LoadingOutlinedSvg,
  LogoutOutlined as LogoutOutlinedSvg,
  MailOutlined as MailOutlinedSvg,
  MenuOutlined as MenuOutlinedSvg,
  PhoneOutlined as PhoneOutlinedSvg,
  QrcodeOutlined as QrcodeOutlinedSvg,
  RightOutlined as RightOutlinedSvg,
  SearchOutlined as SearchOutlinedSvg,
  ShoppingCartOutlined as ShoppingCartOutlinedSvg,
  UpOutlined as UpOutlinedSvg,
  UserOutlined as UserOutlinedSvg,
  VerticalAlignTopOutlined as VerticalAlignTopOutlinedSvg,
} from '@ant-design/icons-svg';

/**
 * The icons of the pages built without antd (the public pages, the header, footer and side
 * bar): antd's own drawings (@ant-design/icons-svg, the data @ant-design/icons draws from), in
 * the same markup (`span.anticon > svg`, styled in styles/global.css), without
 * @ant-design/icons' runtime (its context, theme colours and style insertion), which the first
 * load of the home page has no room for (scripts/check-web-budget.mjs). The antd areas use
 * @ant-design/icons itself.
 */
export interface IconProps {
  className?: string;
  style?: CSSProperties;
  /** turning, as antd's `spin` (LoadingOutlined always turns) */
  spin?: boolean;
  /** the image's name (antd's: the icon's own name, e.g. "phone") */
  'aria-label'?: string;
}

/** An SVG attribute as React names it (fill-rule → fillRule); data-* and aria-* keep their dashes. */
const camel = (name: string) => (/^(data|aria)-/.test(name) ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));

function draw(node: AbstractNode, key?: number): ReactElement {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([name, value]) => [camel(name), value]));
  return createElement(node.tag, { key, ...attrs }, ...(node.children ?? []).map((child, index) => draw(child, index)));
}

function icon(definition: IconDefinition) {
  const svg = typeof definition.icon === 'function' ? definition.icon('currentColor', '#e6f4ff') : definition.icon;
  const turns = definition.name === 'loading';
  function Icon({ className, style, spin, 'aria-label': label }: IconProps) {
    const classes = ['anticon', `anticon-${definition.name}`, spin || turns ? 'anticon-spin' : '', className ?? ''].filter(Boolean).join(' ');
    const drawing = draw({ ...svg, attrs: { ...svg.attrs, 'data-icon': definition.name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' } });
    return (
      <span role="img" aria-label={label ?? definition.name} className={classes} style={style}>
        {drawing}
      </span>
    );
  }
  Icon.displayName = definition.name;
  return Icon;
}

export const BellOutlined = /* @__PURE__ */ icon(BellOutlinedSvg);
export const CalendarOutlined = /* @__PURE__ */ icon(CalendarOutlinedSvg);
export const CarOutlined = /* @__PURE__ */ icon(CarOutlinedSvg);
export const CheckCircleFilled = /* @__PURE__ */ icon(CheckCircleFilledSvg);
export const ClockCircleOutlined = /* @__PURE__ */ icon(ClockCircleOutlinedSvg);
export const CloseCircleFilled = /* @__PURE__ */ icon(CloseCircleFilledSvg);
export const CloseOutlined = /* @__PURE__ */ icon(CloseOutlinedSvg);
export const CustomerServiceOutlined = /* @__PURE__ */ icon(CustomerServiceOutlinedSvg);
export const DownOutlined = /* @__PURE__ */ icon(DownOutlinedSvg);
export const EnvironmentOutlined = /* @__PURE__ */ icon(EnvironmentOutlinedSvg);
export const ExclamationCircleFilled = /* @__PURE__ */ icon(ExclamationCircleFilledSvg);
export const ExperimentOutlined = /* @__PURE__ */ icon(ExperimentOutlinedSvg);
export const FieldTimeOutlined = /* @__PURE__ */ icon(FieldTimeOutlinedSvg);
export const LeftOutlined = /* @__PURE__ */ icon(LeftOutlinedSvg);
export const LoadingOutlined = /* @__PURE__ */ icon(LoadingOutlinedSvg);
export const LogoutOutlined = /* @__PURE__ */ icon(LogoutOutlinedSvg);
export const MailOutlined = /* @__PURE__ */ icon(MailOutlinedSvg);
export const MenuOutlined = /* @__PURE__ */ icon(MenuOutlinedSvg);
export const PhoneOutlined = /* @__PURE__ */ icon(PhoneOutlinedSvg);
export const QrcodeOutlined = /* @__PURE__ */ icon(QrcodeOutlinedSvg);
export const RightOutlined = /* @__PURE__ */ icon(RightOutlinedSvg);
export const SearchOutlined = /* @__PURE__ */ icon(SearchOutlinedSvg);
export const ShoppingCartOutlined = /* @__PURE__ */ icon(ShoppingCartOutlinedSvg);
export const UpOutlined = /* @__PURE__ */ icon(UpOutlinedSvg);
export const UserOutlined = /* @__PURE__ */ icon(UserOutlinedSvg);
export const VerticalAlignTopOutlined = /* @__PURE__ */ icon(VerticalAlignTopOutlinedSvg);
