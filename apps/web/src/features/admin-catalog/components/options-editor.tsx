import { useState } from 'react';
import { Button, Empty, Input, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CATALOG_CHOICES_MAX, CATALOG_OPTIONS_MAX, formatFen } from '@lab/contract';
import { basePriceFen, newChoice, newOption, priceRange, surchargeFen, unitPriceFen, type ChoiceDraft, type OptionDraft } from './option-drafts';
import './admin-catalog.css';

interface OptionsEditorProps {
  value?: OptionDraft[];
  onChange?: (value: OptionDraft[]) => void;
  /** the item's price as typed (yuan), for the live price */
  basePrice?: string;
  unit?: string;
}

/**
 * 测试选项: options a member picks one choice of when ordering (扫描速度: 常规 / 慢扫 +¥40),
 * each choice adding its surcharge to the unit price; below, the price range and a live
 * example priced exactly as the order will be.
 */
export function OptionsEditor({ value = [], onChange, basePrice, unit }: OptionsEditorProps) {
  const change = (next: OptionDraft[]) => onChange?.(next);
  const updateOption = (key: string, patch: Partial<OptionDraft>) => change(value.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const updateChoice = (option: OptionDraft, key: string, patch: Partial<ChoiceDraft>) =>
    updateOption(option.key, { choices: option.choices.map((c) => (c.key === key ? { ...c, ...patch } : c)) });
  const move = (index: number, by: number) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    change(next);
  };

  return (
    <div className="cat-options">
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有测试选项：按统一价格下单。需要按模式、温度等加价时添加选项。" />}
      {value.map((option, index) => {
        const n = index + 1;
        return (
          <div className="cat-option" key={option.key} data-testid={`option-${n}`}>
            <div className="cat-option-head">
              <Input
                aria-label={`选项${n}名称`}
                placeholder="选项名称，例如 扫描速度"
                maxLength={30}
                value={option.name}
                status={option.name.trim() ? undefined : 'warning'}
                onChange={(e) => updateOption(option.key, { name: e.target.value })}
              />
              <Tooltip title="上移">
                <Button aria-label={`上移选项${n}`} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} />
              </Tooltip>
              <Tooltip title="下移">
                <Button aria-label={`下移选项${n}`} icon={<ArrowDownOutlined />} disabled={index === value.length - 1} onClick={() => move(index, 1)} />
              </Tooltip>
              <Button danger aria-label={`删除选项${n}`} icon={<DeleteOutlined />} onClick={() => change(value.filter((o) => o.key !== option.key))}>
                删除选项
              </Button>
            </div>
            <div className="cat-choices">
              {option.choices.map((choice, c) => {
                const fen = surchargeFen(choice.price);
                const problem = typeof fen === 'string' ? fen : null;
                return (
                  <div className="cat-choice" key={choice.key}>
                    <Input
                      aria-label={`选项${n}的选项值${c + 1}`}
                      placeholder="选项值，例如 常规 10°/min"
                      maxLength={50}
                      value={choice.label}
                      onChange={(e) => updateChoice(option, choice.key, { label: e.target.value })}
                    />
                    <div className="cat-choice-price">
                      <Input
                        aria-label={`选项${n}的选项值${c + 1}加价`}
                        prefix="+¥"
                        placeholder="0"
                        inputMode="decimal"
                        value={choice.price}
                        status={problem ? 'error' : undefined}
                        onChange={(e) => updateChoice(option, choice.key, { price: e.target.value })}
                      />
                      {problem && <div className="cat-field-error">{problem}</div>}
                    </div>
                    <Button
                      type="text"
                      aria-label={`删除选项${n}的选项值${c + 1}`}
                      icon={<DeleteOutlined />}
                      disabled={option.choices.length <= 1}
                      onClick={() => updateOption(option.key, { choices: option.choices.filter((x) => x.key !== choice.key) })}
                    />
                  </div>
                );
              })}
              <Button
                type="dashed"
                size="small"
                icon={<PlusOutlined />}
                disabled={option.choices.length >= CATALOG_CHOICES_MAX}
                onClick={() => updateOption(option.key, { choices: [...option.choices, newChoice()] })}
              >
                添加选项值
              </Button>
            </div>
          </div>
        );
      })}
      <Button type="dashed" block icon={<PlusOutlined />} disabled={value.length >= CATALOG_OPTIONS_MAX} onClick={() => change([...value, newOption()])}>
        添加测试选项
      </Button>
      <PricePreview drafts={value} basePrice={basePrice} unit={unit} />
    </div>
  );
}

/** The price a member will see: the range, and one choice per option picked here to try it out. */
function PricePreview({ drafts, basePrice, unit }: { drafts: OptionDraft[]; basePrice?: string | undefined; unit?: string | undefined }) {
  const [picks, setPicks] = useState<Record<string, string>>({});
  const base = basePriceFen(basePrice);
  const per = unit ? ` / ${unit}` : '';
  if (base === null) return <div className="cat-price-preview admin-muted">填写价格后，这里显示下单时的单价。</div>;
  const range = priceRange(base, drafts);
  const priced = drafts.filter((o) => o.choices.length > 0);
  return (
    <div className="cat-price-preview" data-testid="price-preview">
      <div>
        单价范围：
        <strong data-testid="price-range">{range.minFen === range.maxFen ? `${formatFen(range.minFen)}${per}` : `${formatFen(range.minFen)} – ${formatFen(range.maxFen)}${per}`}</strong>
      </div>
      {priced.length > 0 && (
        <div className="cat-price-example">
          <span>试算：</span>
          {priced.map((option, index) => (
            <Select
              key={option.key}
              size="small"
              className="cat-price-pick"
              aria-label={`试算${option.name || `选项${index + 1}`}`}
              popupMatchSelectWidth={false}
              value={option.choices.some((c) => c.key === picks[option.key]) ? picks[option.key] : option.choices[0]?.key}
              options={option.choices.map((c) => ({ value: c.key, label: `${option.name || `选项${index + 1}`}：${c.label || '（未填写）'}` }))}
              onChange={(key: string) => setPicks((current) => ({ ...current, [option.key]: key }))}
            />
          ))}
          <span>
            → 单价 <strong data-testid="example-price">{formatFen(unitPriceFen(base, drafts, picks))}</strong>
            {per}
          </span>
        </div>
      )}
    </div>
  );
}
