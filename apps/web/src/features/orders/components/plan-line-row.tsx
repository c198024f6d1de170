import { Button, Checkbox, Input, InputNumber, Tooltip } from 'antd';
import { DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatFen, SAMPLE_COUNT_MAX, type PlanLine } from '@lab/contract';
import { optionsText, reservationText, UNAVAILABLE_REASON } from './plan-format';

interface Props {
  line: PlanLine;
  checked: boolean;
  busy: boolean;
  onCheck: (checked: boolean) => void;
  onCount: (count: number) => void;
  onNote: (note: string) => void;
  onRemove: () => void;
}

/** One line of the plan: image, name, options, unit price, count, note, amount, remove. */
export function PlanLineRow({ line, checked, busy, onCheck, onCount, onNote, onRemove }: Props) {
  const [count, setCount] = useState<number>(line.count);
  const [note, setNote] = useState(line.note);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setCount(line.count), [line.count]);
  useEffect(() => setNote(line.note), [line.note]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const changeCount = (value: number | null) => {
    if (typeof value !== 'number' || value < 1) return;
    setCount(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value !== line.count) onCount(value);
    }, 500);
  };
  const saveNote = () => {
    if (note.trim() !== line.note) onNote(note.trim());
  };
  const options = optionsText(line.options);
  const booking = reservationText(line.reservation);

  return (
    <li className={`plan-line${line.available ? '' : ' is-off'}`} data-testid="plan-line" aria-label={line.name}>
      <Checkbox className="plan-line-check" checked={checked} disabled={!line.available} onChange={(e) => onCheck(e.target.checked)} aria-label={`选择 ${line.name}`} />
      <Link to={`/detail/${encodeURIComponent(line.rid)}`} className="plan-line-img" tabIndex={-1} aria-hidden>
        <img src={line.img} alt="" width={88} height={66} loading="lazy" />
      </Link>
      <div className="plan-line-main">
        <Link to={`/detail/${encodeURIComponent(line.rid)}`} className="plan-line-name">
          {line.name}
        </Link>
        {line.model ? <span className="plan-line-meta">型号：{line.model}</span> : null}
        {options ? <span className="plan-line-meta">测试条件：{options}</span> : null}
        {booking ? <span className="plan-line-meta">预约时段：{booking}</span> : null}
        {line.available ? null : (
          <span className="plan-line-off" role="note">
            <WarningOutlined /> {UNAVAILABLE_REASON}
          </span>
        )}
        <Input
          className="plan-line-note"
          size="small"
          value={note}
          maxLength={500}
          placeholder="添加备注（选填）"
          aria-label={`${line.name} 备注`}
          disabled={!line.available}
          onChange={(e) => setNote(e.target.value)}
          onBlur={saveNote}
          onPressEnter={saveNote}
        />
      </div>
      <div className="plan-line-price">
        <small>单价</small>
        {formatFen(line.unitPriceFen)}
        <small>/{line.unit}</small>
      </div>
      <div className="plan-line-count">
        <small>数量</small>
        {line.reservation ? (
          <Tooltip title="预约项目的时长由所选时段决定">
            <span className="plan-line-hours">
              {line.count} {line.unit}
            </span>
          </Tooltip>
        ) : (
          <InputNumber
            size="small"
            min={1}
            max={SAMPLE_COUNT_MAX}
            precision={0}
            value={count}
            disabled={!line.available}
            onChange={changeCount}
            aria-label={`${line.name} 数量`}
            style={{ width: 84 }}
          />
        )}
      </div>
      <div className="plan-line-amount">
        <small>金额</small>
        <strong>{formatFen(line.amountFen)}</strong>
      </div>
      <Button className="plan-line-remove" type="text" danger icon={<DeleteOutlined />} loading={busy} onClick={onRemove} aria-label={`移除 ${line.name}`}>
        移除
      </Button>
    </li>
  );
}
