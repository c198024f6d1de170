import { useEffect, useState } from 'react';
import { Button, Checkbox, DatePicker, Form, Input, Select, Tag, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { samplingSettingBody, WEEKDAY_NAMES, type SamplingSetting } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { saveSamplingSetting } from '../api/save-settings';
import { useContentMutation } from '../api/use-content-mutation';
import { SchemaForm } from '../../../components/schema-form';

interface Values {
  disabled_week: number[];
  slots: (Dayjs | null)[];
  disabled_time: string;
  disabled_date: Dayjs[];
  invalid_disabled_date: Dayjs[];
  disabled_date_time: string[];
  WxTip1: string;
}

const slotNames = ['时段一', '时段二', '时段三', '时段四'];
const toTime = (value: string) => {
  const [hour, minute] = value.split(':').map(Number);
  return value && Number.isInteger(hour) && Number.isInteger(minute) ? dayjs().hour(hour!).minute(minute!).second(0).millisecond(0) : null;
};
const toDates = (values: string[]) => values.map((value) => dayjs(value));
/** The call's four slot fields are the form's one list of slots. */
const slotFields = { sampling_time1: ['slots', 0], sampling_time2: ['slots', 1], sampling_time3: ['slots', 2], sampling_time4: ['slots', 3] };
const weekdayOptions = WEEKDAY_NAMES.map((label, index) => ({ value: index, label }));

const toValues = (setting: SamplingSetting): Values => ({
  disabled_week: setting.disabled_week,
  slots: [setting.sampling_time1, setting.sampling_time2, setting.sampling_time3, setting.sampling_time4].map(toTime),
  disabled_time: setting.disabled_time ?? '',
  disabled_date: toDates(setting.disabled_date),
  invalid_disabled_date: toDates(setting.invalid_disabled_date),
  disabled_date_time: setting.disabled_date_time,
  WxTip1: setting.WxTip1,
});

/** The form as the sampling call takes it: four slot fields, lists as comma-separated text. */
export function samplingBody(values: Values) {
  const slot = (index: number) => values.slots[index]?.format('HH:mm') ?? '';
  return {
    disabled_week: values.disabled_week.join(','),
    sampling_time1: slot(0),
    sampling_time2: slot(1),
    sampling_time3: slot(2),
    sampling_time4: slot(3),
    disabled_time: values.disabled_time,
    disabled_date: values.disabled_date.map((date) => date.format('YYYY-MM-DD')).join(','),
    invalid_disabled_date: values.invalid_disabled_date.map((date) => date.format('YYYY-MM-DD')).join(','),
    disabled_date_time: values.disabled_date_time.join(','),
    WxTip1: values.WxTip1,
  };
}

/** Closed date-slot pairs: pick a date and one of the slots, add; remove with the tag's cross. */
function ClosedSlotsField({ value = [], onChange, slots }: { value?: string[]; onChange?: (next: string[]) => void; slots: string[] }) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [slot, setSlot] = useState<string | undefined>();
  const add = () => {
    if (!date || !slot) return;
    const pair = `${date.format('YYYY-MM-DD')} ${slot}`;
    if (!value.includes(pair)) onChange?.([...value, pair].sort());
    setSlot(undefined);
  };
  return (
    <div>
      <div className="content-inline">
        <DatePicker value={date} onChange={setDate} placeholder="日期" aria-label="停用日期" />
        <Select value={slot} onChange={setSlot} placeholder="时段" options={slots.map((s) => ({ value: s, label: s }))} style={{ width: 110 }} aria-label="停用时段" />
        <Button onClick={add} disabled={!date || !slot}>
          添加
        </Button>
      </div>
      <div className="content-chips" style={{ marginTop: 8 }}>
        {value.length === 0 ? (
          <span className="admin-muted">暂无</span>
        ) : (
          value.map((pair) => (
            <Tag key={pair} closable onClose={() => onChange?.(value.filter((item) => item !== pair))}>
              {pair}
            </Tag>
          ))
        )}
      </div>
    </div>
  );
}

/** 上门取样设置: when pickups can be booked — closed weekdays and dates, exceptions, the four slots, closed slots, the tip. */
export function SamplingSettingForm({ saved }: { saved: SamplingSetting }) {
  const [form] = Form.useForm<Values>();
  const save = useContentMutation(saveSamplingSetting);
  const slotValues = (Form.useWatch('slots', form) as (Dayjs | null)[] | undefined) ?? [];
  const slots = slotValues.filter((slot): slot is Dayjs => Boolean(slot)).map((slot) => slot.format('HH:mm'));

  useEffect(() => form.setFieldsValue(toValues(saved)), [saved, form]);

  return (
    <SchemaForm
      form={form}
      name="sampling-setting"
      schema={samplingSettingBody}
      body={samplingBody}
      places={slotFields}
      layout="vertical"
      initialValues={toValues(saved)}
      onSubmit={(body) => save.mutate(body, { onSuccess: () => feedback.success('上门取样设置已保存') })}
    >
      <Form.Item label="停止取样的星期" name="disabled_week" extra="勾选的星期不提供上门取样（例外开放日期除外）">
        <Checkbox.Group options={weekdayOptions} />
      </Form.Item>
      <Form.Item label="取样时段" required extra="按时间先后填写，至少一个；会员当天只能选择当前时刻之后的时段">
        <div className="content-slots">
          {slotNames.map((name, index) => (
            <Form.Item key={name} name={['slots', index]} noStyle>
              <TimePicker format="HH:mm" minuteStep={5} placeholder={name} aria-label={`取样${name}`} needConfirm={false} />
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      <Form.Item label="每日停用时段" name="disabled_time" extra="该时段每天都不可预约，例如午休">
        <Select options={[{ value: '', label: '不停用' }, ...slots.map((slot) => ({ value: slot, label: slot }))]} style={{ maxWidth: 200 }} aria-label="每日停用时段" />
      </Form.Item>
      <div className="content-form-row">
        <Form.Item label="停止取样日期" name="disabled_date" extra="如节假日" style={{ flex: 1, minWidth: 260 }}>
          <DatePicker multiple maxTagCount="responsive" placeholder="选择日期（可多选）" style={{ width: '100%' }} aria-label="停止取样日期" />
        </Form.Item>
        <Form.Item label="例外开放日期" name="invalid_disabled_date" extra="即使是停止取样的星期或日期，也照常开放，如调休工作日" style={{ flex: 1, minWidth: 260 }}>
          <DatePicker multiple maxTagCount="responsive" placeholder="选择日期（可多选）" style={{ width: '100%' }} aria-label="例外开放日期" />
        </Form.Item>
      </div>
      <Form.Item label="停用的日期时段" name="disabled_date_time" extra="某一天的某个时段不可预约，如该时段已约满">
        <ClosedSlotsField slots={slots} />
      </Form.Item>
      <Form.Item label="取样提示" name="WxTip1" extra="显示在会员的上门取样窗口中">
        <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <div className="content-actions">
        <Button onClick={() => form.setFieldsValue(toValues(saved))} disabled={save.isPending}>
          撤销修改
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存上门取样设置
        </Button>
      </div>
    </SchemaForm>
  );
}
