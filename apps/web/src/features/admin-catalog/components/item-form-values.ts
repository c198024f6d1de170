import { fenToYuan, type AdminServiceItem } from '@lab/contract';
import { optionsJson, toOptionDrafts, type OptionDraft } from './option-drafts';

/** The item form's values as antd's Form holds them. */
export interface ItemFormValues {
  /** chooses the groups shown; the server takes the type from the group */
  typeId: number;
  groupId?: number | undefined;
  childId?: number | null | undefined;
  name: string;
  img: string;
  sketch: string;
  description: string;
  model: string;
  /** yuan, as typed */
  price: string;
  unit: string;
  options: OptionDraft[];
  sampleRequirements: string;
  /** one standard a line */
  standards: string;
  samplePrep: string;
  reportContents: string;
  sampleReport: string;
  turnaround: string;
  faq: { question: string; answer: string }[];
  examples: { img: string; caption: string }[];
  labLocation: string;
  keywords: string[];
  hot: boolean;
  reservable: boolean;
  sort: number | null;
}

export const emptyItemValues = (): ItemFormValues => ({
  typeId: 1,
  groupId: undefined,
  childId: null,
  name: '',
  img: '',
  sketch: '',
  description: '',
  model: '',
  price: '',
  unit: '样品',
  options: [],
  sampleRequirements: '',
  standards: '',
  samplePrep: '',
  reportContents: '',
  sampleReport: '',
  turnaround: '',
  faq: [],
  examples: [],
  labLocation: '',
  keywords: [],
  hot: false,
  reservable: false,
  sort: 0,
});

export function toItemFormValues(item: AdminServiceItem): ItemFormValues {
  return {
    typeId: item.typeId,
    groupId: item.groupId,
    childId: item.childId,
    name: item.name,
    img: item.img,
    sketch: item.sketch,
    description: item.description,
    model: item.model ?? '',
    price: fenToYuan(item.priceFen),
    unit: item.unit,
    options: toOptionDrafts(item.options),
    sampleRequirements: item.sampleRequirements,
    standards: item.standards.join('\n'),
    samplePrep: item.samplePrep,
    reportContents: item.reportContents,
    sampleReport: item.sampleReport ?? '',
    turnaround: item.turnaround,
    faq: item.faq.map((f) => ({ ...f })),
    examples: item.examples.map((e) => ({ img: e.img, caption: e.caption })),
    labLocation: item.labLocation,
    keywords: [...item.keywords],
    hot: item.hot,
    reservable: item.reservable,
    sort: item.sort,
  };
}

/** The form post the item calls take: plain fields, the lists as JSON text. */
export function toItemForm(values: ItemFormValues): Record<string, string> {
  return {
    groupId: values.groupId === undefined ? '' : String(values.groupId),
    childId: values.childId ? String(values.childId) : '',
    name: values.name ?? '',
    img: values.img ?? '',
    sketch: values.sketch ?? '',
    description: values.description ?? '',
    model: values.model ?? '',
    price: values.price ?? '',
    unit: values.unit ?? '',
    options: optionsJson(values.options ?? []),
    sampleRequirements: values.sampleRequirements ?? '',
    standards: values.standards ?? '',
    samplePrep: values.samplePrep ?? '',
    reportContents: values.reportContents ?? '',
    sampleReport: values.sampleReport ?? '',
    turnaround: values.turnaround ?? '',
    faq: JSON.stringify((values.faq ?? []).map((f) => ({ question: f?.question ?? '', answer: f?.answer ?? '' }))),
    examples: JSON.stringify((values.examples ?? []).map((e) => ({ img: e?.img ?? '', caption: e?.caption ?? '' }))),
    labLocation: values.labLocation ?? '',
    keywords: JSON.stringify(values.keywords ?? []),
    hot: values.hot ? '1' : '0',
    reservable: values.reservable ? '1' : '0',
    sort: values.sort === null || values.sort === undefined ? '0' : String(values.sort),
  };
}
