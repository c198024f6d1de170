import { App, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { disabledSlots, pickupSlots, samplingAddBody } from '@lab/contract';
import { ApiError } from '../../lib/api';
import { useSiteSettings } from '../../features/content/api/content/site-settings';
import { useAddresses } from '../../features/member/api/addresses/list-addresses';
import { addSampling } from '../../features/orders/api/pickups/add-sampling';
import { memberDataKeys } from '../../api/refresh';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { samplingDialog } from './sampling-dialog-store';
import { addressBody, type AddressValues } from './address-fields';

export interface SamplingValues extends AddressValues {
  type: '0' | '1';
  date?: Dayjs | null;
  time?: string;
  message?: string;
}

/** An address on file must be chosen before anything else (the contract would ask for a new one's fields). */
const chosenAddress = z.object({ address_rid: z.string({ error: '请选择取样地址' }).min(1, { error: '请选择取样地址' }) });

/** The form's values as the call takes them: the date as text, the address as its rid or its fields. */
const samplingBody = (values: SamplingValues) => ({
  type: values.type,
  date: values.date ? values.date.format('YYYY-MM-DD') : '',
  time: values.time ?? '',
  ...addressBody(values, ''),
  message: values.message,
});

/**
 * The 上门取样 dialog's form: its antd form and the values the sections follow (type, date,
 * address mode), the settings and addresses it offers, the slots open on the chosen day, and the
 * submit (with the spec's failure dialog: name, code and message); sampling-sections.tsx draws it.
 */
export function useSamplingForm() {
  const [form] = Form.useForm<SamplingValues>();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const settings = useSiteSettings();
  const addresses = useAddresses();
  const type = Form.useWatch('type', form) ?? '1';
  const date = Form.useWatch('date', form);
  const addressMode = Form.useWatch('addressMode', form) ?? 'existing';
  const close = () => samplingDialog.close();
  const add = useApiMutation({
    mutationFn: addSampling,
    invalidates: memberDataKeys,
    // the dialog shows its own failure (spec: name, code and message)
    handlesError: () => true,
    onSuccess: () => {
      feedback.success('提交成功!');
      close();
      void navigate('/member/sample');
    },
    onError: (error) => {
      // spec: submission exceptions show name, code and message
      const name = error instanceof Error ? error.name : 'Error';
      const code = error instanceof ApiError ? error.status : '-';
      const text = error instanceof Error ? error.message : String(error);
      modal.error({
        title: '提交失败',
        centered: true,
        okText: '确定',
        content: (
          <dl className="sampling-error">
            <dt>名称</dt>
            <dd>{name}</dd>
            <dt>代码</dt>
            <dd>{code}</dd>
            <dt>信息</dt>
            <dd>{text}</dd>
          </dl>
        ),
      });
    },
  });

  const list = useMemo(() => addresses.data ?? [], [addresses.data]);
  const firstUsable = list.find((a) => !a.disabled);
  const setting = settings.data?.samplingSetting;
  const dateText = date ? date.format('YYYY-MM-DD') : null;
  const slots = setting ? pickupSlots(setting) : [];
  const closedSlots = setting && dateText ? disabledSlots(dateText, setting, new Date()) : new Set<string>();

  // the dialog's OK: self-send only shows the lab's address; a pickup is checked and sent
  const submit = () => (type === '0' ? close() : form.submit());

  const loading = settings.isPending || addresses.isPending;

  return { form, schema: addressMode === 'existing' ? chosenAddress.and(samplingAddBody) : samplingAddBody, body: samplingBody, settings, setting, type, addressMode, list, firstUsable, dateText, slots, closedSlots, add, submit, close, loading };
}

export type SamplingForm = ReturnType<typeof useSamplingForm>;
