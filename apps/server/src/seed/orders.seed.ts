import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { addDays, addressAddBody, labNow, orderAddBody, payBody, pickupProblem, pickupSlots, prestoreAddBody, recycleAddBody, samplingAddBody, requirementAddBody, reservationAddBody, NO_COUPON, isApprovalFiled, type OrderSample } from '@lab/contract';
import type { Db } from '../db/client';
import type { NoticeChannels } from '../areas/messages/messages.service';
import { saveFile } from '../platform/files';
import type { FileStore } from '../platform/providers/file-store';
import { members, staff } from '../areas/accounts/accounts.tables';
import { memberContact } from '../areas/accounts';
import { serviceItems } from '../areas/catalog/catalog.tables';
import { orderLines, orders } from '../areas/orders/orders.tables';
import { getFundsSettings } from '../areas/funds';
import { renderDemoReport, type DemoReportSpec, type ReportFont } from './report-pdf';
import { couponTemplates } from '../areas/funds/funds.tables';
import { claimCoupon } from '../areas/funds/coupons.service';
import { addPrestore } from '../areas/funds/prestore.service';
import { confirmPrestore } from '../areas/funds/prestore-decisions';
import { addAddress, listAddresses } from '../areas/member/addresses.service';
import { addRecycle, addSampling } from '../areas/orders/pickups/sampling.service';
import { getSiteSettings } from '../areas/content/settings.service';
import { recordManagerCall } from '../areas/orders/desk/order-desk.service';
import { cancelMemberOrder, placeOrder } from '../areas/orders/orders.service';
import { payOrder } from '../areas/payments/payment.service';
import { addLineToPlan } from '../areas/orders/plan.service';
import { staffMove, type Channels, type StaffAction } from '../areas/orders/desk/progress.service';
import { confirmData, evaluateOrder } from '../areas/orders/desk/member-progress.service';
import { addReport, REPORT_TYPES } from '../areas/orders/desk/reports.service';
import { addReservation, defaultChoices } from '../areas/orders/reservations/reservations.service';
import { addRequirement } from '../areas/orders/requirements.service';
import { notifyQuoted, quoteRequirement } from '../areas/orders/requirements-admin.service';
import { isClosedDay } from '../areas/orders/reservation-core';
import { seedVaultDemo } from './vault.seed';

/**
 * The ordering area's demo data, so a newcomer logging in as the teacher 陈老师 or the student
 * 张明 sees a lived-in account. Everything goes through the real services (prepaid funds
 * confirmed by finance, plan lines, orders placed and paid, the lab's steps, report files,
 * a reservation, a quoted requirement), so the ledger, the timelines and the in-site messages
 * agree with each other. Times are staggered back from `now` so the timelines read naturally.
 * Called once, from seedDemoData's first-time block (after the demo accounts exist).
 */

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;

const sample = (name: string, count: number, form: OrderSample['form'], extra: Partial<OrderSample> = {}): OrderSample => ({
  name,
  count,
  form,
  hazards: undefined,
  magnetic: false,
  returnWanted: false,
  ...extra,
});

/** The first weekday (Mon–Sat, the lab is closed on Sundays) at least `ahead` days after today in Shanghai. */
export function demoReservationDay(now: Date, ahead = 4): string {
  let date = addDays(labNow(now).date, ahead);
  while (isClosedDay(date) || new Date(`${date}T00:00:00Z`).getUTCDay() === 6) date = addDays(date, 1);
  return date;
}

export async function seedOrdersDemo(db: Db, files: FileStore, notices: NoticeChannels, now: Date, font: ReportFont = {}): Promise<void> {
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * day + hours * hour);
  const log = pino({ level: 'silent' });
  const channels: Channels = { sms: notices.sms, email: notices.email, log };

  const people = await db.select({ id: members.id, phone: members.phone }).from(members).where(inArray(members.phone, ['13900139000', '13800138000']));
  const teacher = people.find((p) => p.phone === '13900139000');
  const student = people.find((p) => p.phone === '13800138000');
  const staffRows = await db.select({ id: staff.id, account: staff.account, name: staff.name }).from(staff).where(inArray(staff.account, ['sales', 'lab', 'finance']));
  const staffBy = (account: string) => {
    const row = staffRows.find((s) => s.account === account);
    if (!row) throw new Error(`demo staff ${account} missing`);
    return row;
  };
  if (!teacher || !student) throw new Error('demo members missing');
  const sales = staffBy('sales');
  const lab = staffBy('lab');
  const finance = staffBy('finance');

  const itemRows = await db.select({ id: serviceItems.id, rid: serviceItems.rid, name: serviceItems.name, options: serviceItems.options, priceFen: serviceItems.priceFen }).from(serviceItems);
  const item = (name: string) => {
    const row = itemRows.find((i) => i.name === name);
    if (!row) throw new Error(`catalogue item ${name} missing`);
    return row;
  };

  /** The member adds an item to the plan, then orders that line with the samples given. */
  const order = async (memberId: number, name: string, samples: OrderSample[], when: Date, extra: { note?: string; remark?: string; coupon?: string } = {}) => {
    const it = item(name);
    const line = await addLineToPlan(db, memberId, { itemId: it.id, choices: defaultChoices(it), count: samples.reduce((n, s) => n + s.count, 0), note: extra.note ?? '' }, when);
    const body = orderAddBody.parse({
      lines: JSON.stringify([{ id: line.rid, samples, note: extra.note ?? '' }]),
      delivery: 'self',
      agree: '1',
      coupon_rid: extra.coupon,
      remark: extra.remark,
    });
    return (await placeOrder(db, memberId, body, when)).orderNo;
  };
  // the payer named and reachable, as a member's token read finds them (accounts' memberContact)
  const pay = async (memberId: number, orderNo: string, when: Date, coupon?: string) =>
    payOrder(db, channels, (await memberContact(db, memberId))!, payBody.parse({ order_no: orderNo, coupon_rid: coupon ?? NO_COUPON }), when, log);
  const move = (orderNo: string, action: StaffAction, when: Date, note?: string) =>
    staffMove(db, channels, action === 'confirm' ? sales.id : lab.id, action, { order_no: orderNo, note }, when);
  const call = (orderNo: string, when: Date, note: string) => recordManagerCall(db, sales.id, { order_no: orderNo, note }, when);
  const [site, funds] = await Promise.all([getSiteSettings(db), getFundsSettings(db)]);
  const labInfo = { name: funds.bank.accountName || '科研检测中心', address: site.localInfo.address || '上海市徐汇区桂平路 680 号 科研检测中心', phone: site.localInfo.phone || '400-820-6688' };
  /** The order's 检测报告: a Chinese report (report-pdf.ts) naming the order's samples by their lab codes. */
  type ReportBody = Omit<DemoReportSpec, 'lab' | 'reportNo' | 'orderNo' | 'client' | 'test' | 'samples' | 'issuedAt' | 'people'>;
  const report = async (orderNo: string, filename: string, client: DemoReportSpec['client'], body: ReportBody, when: Date) => {
    const lines = await db.select({ name: orderLines.name, samples: orderLines.samples }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.orderNo, orderNo));
    const pdf = await renderDemoReport(
      {
        ...body,
        lab: labInfo,
        reportNo: `BG${orderNo.replace(/\D/g, '').slice(-12)}-01`,
        orderNo,
        client,
        test: lines.map((l) => l.name).join('、'),
        samples: lines.flatMap((l) => l.samples.map((s) => ({ code: s.code, name: `${s.name}（${s.count} 个）` }))),
        people: { tester: '李工', reviewer: '王工', approver: '周主任' },
        issuedAt: when,
      },
      font,
    );
    const stored = await saveFile(files, 'reports', pdf, REPORT_TYPES);
    await addReport(db, lab, orderNo, stored, filename, when);
  };

  // ---- the teacher: prepaid funds confirmed by finance, a coupon claimed ----
  const prestore = await addPrestore(db, teacher.id, prestoreAddBody.parse({ amount: '10000', payer: '上海交通大学', remark: '国家自然科学基金面上项目测试费' }), at(30));
  // version 1: the application as it was just made
  await confirmPrestore(db, { by: { id: finance.id, role: 'finance' } }, { rid: prestore.rid, version: 1 }, at(29));
  const [xrdCoupon] = await db.select({ rid: couponTemplates.rid }).from(couponTemplates).where(eq(couponTemplates.name, 'XRD 测试 9 折')).limit(1);
  const coupon = xrdCoupon ? await claimCoupon(db, teacher.id, xrdCoupon.rid, at(26)) : null;

  // 已完成: XRD with a report, the data confirmed, a 5-star evaluation (paid with the XRD coupon)
  const completed = await order(
    teacher.id,
    'XRD 粉末衍射（物相分析）',
    [sample('TiO2 纳米粉末（锐钛矿）', 2, 'powder'), sample('Au/TiO2 光催化剂', 2, 'powder', { returnWanted: true })],
    at(21),
    { note: '请重点关注 25.3° 与 27.4° 处锐钛矿/金红石峰', remark: '样品已干燥处理，顺丰寄出', ...(coupon ? { coupon: coupon.rid } : {}) },
  );
  await pay(teacher.id, completed, at(21, 1), coupon?.rid);
  await move(completed, 'confirm', at(20));
  await move(completed, 'receive', at(18), '样品完好，共 4 个');
  await call(completed, at(18, 1), '已与陈老师确认测试角度范围 10–80°，扫速 10°/min');
  await move(completed, 'test', at(17));
  const teacherClient = { name: '陈老师', unit: '上海交通大学 化学化工学院' };
  await report(
    completed,
    'XRD检测报告-TiO2.pdf',
    teacherClient,
    {
      instrument: { name: 'X 射线衍射仪', model: 'Bruker D8 Advance' },
      method: 'JY/T 0587-2020 多晶体 X 射线衍射方法通则',
      conditions: [
        ['光源', 'Cu Kα（λ = 1.5406 Å），管压 40 kV，管流 40 mA'],
        ['扫描方式', '连续扫描，2θ 10°–80°，扫速 10°/min，步长 0.02°'],
        ['狭缝与探测器', '发散狭缝 0.6 mm，LynxEye 阵列探测器'],
        ['环境', '室温 23 ℃，相对湿度 45%'],
      ],
      results: {
        columns: ['样品', '主要衍射峰 2θ（°）', '物相（PDF 卡片）', '平均晶粒尺寸'],
        widths: [1.3, 1.6, 1.8, 1],
        rows: [
          ['TiO2 纳米粉末（锐钛矿）', '25.3、37.8、48.0、53.9、55.1、62.7', '锐钛矿 TiO2（PDF 21-1272）', '18.6 nm'],
          ['Au/TiO2 光催化剂', '25.3、27.4（弱）、38.2、44.4、48.0', '锐钛矿为主，微量金红石（PDF 21-1276），Au（PDF 04-0784）', '17.9 nm'],
        ],
      },
      figure: {
        kind: 'spectrum',
        caption: '图 1  TiO2 纳米粉末（锐钛矿）XRD 图谱',
        xLabel: '2θ（°）',
        yLabel: '强度（a.u.）',
        x: [10, 80],
        peaks: [
          { at: 25.3, height: 1, width: 0.22, label: '(101)' },
          { at: 37.8, height: 0.2, width: 0.25, label: '(004)' },
          { at: 48.0, height: 0.32, width: 0.25, label: '(200)' },
          { at: 53.9, height: 0.19, width: 0.27 },
          { at: 55.1, height: 0.18, width: 0.27, label: '(211)' },
          { at: 62.7, height: 0.14, width: 0.3, label: '(204)' },
          { at: 68.8, height: 0.06, width: 0.3 },
          { at: 75.0, height: 0.07, width: 0.3 },
        ],
      },
      conclusion: '样品 1 为单一锐钛矿相，未检出金红石；样品 2 以锐钛矿为主，27.4° 处可见微量金红石 (110) 峰，38.2° 与 44.4° 处 Au (111)、(200) 峰表明金以金属态负载。晶粒尺寸按 Scherrer 公式由 (101) 峰半高宽计算。',
    },
    at(15),
  );
  await move(completed, 'deliver', at(15));
  await confirmData(db, teacher.id, completed, at(14));
  await evaluateOrder(db, teacher.id, { order_no: completed, score: 5, content: '数据质量很好，峰形清晰，报告规范，工程师还帮忙解释了杂峰来源。' }, at(14, 1));

  // 已取消: paid, then cancelled by the teacher before sending the sample (refunded)
  const cancelled = await order(teacher.id, '差示扫描量热 DSC', [sample('聚乳酸 PLA 颗粒', 3, 'bulk')], at(12));
  await pay(teacher.id, cancelled, at(12, 1));
  await cancelMemberOrder(db, { channels, log }, teacher.id, { order_no: cancelled, reason: '样品需要重新制备，稍后重新下单' }, at(11));

  // 已出数据: SEM with a report, waiting for the teacher to confirm
  const delivered = await order(teacher.id, '场发射扫描电镜 SEM（形貌）', [sample('ZnO 薄膜（溶胶-凝胶法）', 2, 'film')], at(10), { note: '请拍 5 万倍与 10 万倍各 3 张，截面 1 张' });
  await pay(teacher.id, delivered, at(10, 2));
  await move(delivered, 'confirm', at(9));
  await move(delivered, 'receive', at(7), '样品完好');
  await call(delivered, at(7, 1), '确认拍摄倍数与截面位置，老师希望周五前出数据');
  await move(delivered, 'test', at(6));
  await report(
    delivered,
    'SEM检测报告-ZnO薄膜.pdf',
    teacherClient,
    {
      instrument: { name: '场发射扫描电子显微镜', model: 'Hitachi SU8010' },
      method: 'GB/T 16594-2008 微米级长度的扫描电镜测量方法通则',
      conditions: [
        ['加速电压', '5 kV，工作距离 8.0 mm'],
        ['信号', '二次电子像（SE，上探头）'],
        ['放大倍数', '5 万倍、10 万倍各 3 张；截面 1 张（3 万倍）'],
        ['制样', '导电胶固定，未喷金（薄膜导电性良好）；截面为液氮脆断'],
      ],
      results: {
        columns: ['样品', '表面形貌', '晶粒尺寸', '膜厚（截面）'],
        widths: [1.3, 2, 1, 1],
        rows: [['ZnO 薄膜（溶胶-凝胶法）', '颗粒致密、均匀，无明显裂纹与孔洞', '40–60 nm', '约 320 nm']],
      },
      figure: {
        kind: 'image',
        caption: '图 1  ZnO 薄膜表面二次电子像（×100,000）',
        scaleBar: '200 nm',
        description: ['图像所示：表面由近球形 ZnO 颗粒紧密堆积而成，颗粒边界清晰，局部可见少量 80 nm 左右的团聚体；', '视野内未见裂纹与针孔。截面像（报告附图 2，随原始数据交付）显示膜层连续，与基底结合良好。'],
      },
      conclusion: '样品表面致密均匀，晶粒尺寸 40–60 nm，膜厚约 320 nm（截面 5 处测量平均）。原始图像（.tif，共 7 张）随报告一并交付。',
    },
    at(2),
  );
  await move(delivered, 'deliver', at(2));

  // 测试中: XPS, paid
  const testing = await order(teacher.id, 'X 射线光电子能谱 XPS', [sample('ZnO 薄膜（Al 掺杂）', 2, 'film'), sample('TiO2 纳米粉末（锐钛矿）', 1, 'powder')], at(6), { note: 'Zn 2p、O 1s、Ti 2p 精细谱' });
  await pay(teacher.id, testing, at(6, 1));
  await move(testing, 'confirm', at(5));
  await move(testing, 'receive', at(3), '样品完好');
  await call(testing, at(3, 1), '确认 Zn 2p、O 1s、Ti 2p 精细谱范围，荷电校正用 C 1s');
  await move(testing, 'test', at(1));

  // 待寄样: TGA, confirmed by the lab, not yet paid
  const awaiting = await order(teacher.id, '热重分析 TGA', [sample('PVDF/TiO2 复合膜', 2, 'film')], at(2), { remark: '下周寄样' });
  await move(awaiting, 'confirm', at(1, 2));

  // an on-site SEM session a few days ahead, paid
  const reservation = await addReservation(
    db,
    teacher.id,
    reservationAddBody.parse({ rid: item('SEM 机时预约（自主上机）').rid, date: demoReservationDay(now), hours: JSON.stringify([9, 10]), note: '观察 ZnO 纳米棒阵列，需现场挑选视野' }),
    at(1),
  );
  if (reservation.orderNo) await pay(teacher.id, reservation.orderNo, at(1, 1));

  // a requirement answered with a quote (/experiment/demand)
  const requirement = await addRequirement(
    db,
    teacher.id,
    requirementAddBody.parse({
      title: '钙钛矿薄膜变温 XRD 与 XPS 联合表征',
      content: 'MAPbI3 钙钛矿薄膜，需要在 25–150 ℃ 跟踪相变，同时测 Pb 4f、I 3d 价态，判断热分解产物。',
      samples: '薄膜 3 片，ITO 玻璃基底，2×2 cm，真空封装',
      budget: '3000 元以内',
      deadline: addDays(labNow(now).date, 20),
      contact: '陈老师',
      phone: '13900139000',
    }),
    at(5),
  );
  const quoted = await quoteRequirement(
    db,
    null,
    { by: { id: sales.id, role: 'sales' } },
    {
      rid: requirement.rid,
      lines: [
        { rid: item('原位变温 XRD').rid, count: 3, options: defaultChoices(item('原位变温 XRD')) },
        { rid: item('X 射线光电子能谱 XPS').rid, count: 3, options: defaultChoices(item('X 射线光电子能谱 XPS')) },
      ],
      note: '变温 XRD 按 5 个温度点（N2 气氛可加选）；XPS 含全谱与 Pb 4f、I 3d 精细谱。样品请避光真空寄送。',
    },
    at(4),
  );
  if (!isApprovalFiled(quoted)) await notifyQuoted(db, channels, quoted.requirement);

  // two lines left in the plan: one XRD, one SEM
  for (const [name, count, note] of [
    ['薄膜掠入射 XRD（GIXRD）', 2, 'ZnO 薄膜，膜厚约 300 nm，硅基底'],
    ['SEM + EDS 面扫（热场）', 3, 'Au/TiO2 催化剂，Au、Ti、O 面分布'],
  ] as const) {
    const it = item(name);
    await addLineToPlan(db, teacher.id, { itemId: it.id, choices: defaultChoices(it), count, note }, at(0, -3));
  }

  // the teacher asks for the Au/TiO2 catalyst back (样品回寄, due 48 h after payment or the request)
  const [address] = await listAddresses(db, teacher.id);
  if (address) {
    await addRecycle(
      db,
      teacher.id,
      recycleAddBody.parse({ order_no: completed, samples: 'Au/TiO2 光催化剂 2 份（余样）', address_rid: address.address_rid, message: '请用防潮袋包装' }),
      at(0, -5),
    );
  }

  // a home pickup the teacher booked for the next day it is offered (上门取样)
  if (address) {
    const { samplingSetting } = await getSiteSettings(db);
    const open = Array.from({ length: 14 }, (_, i) => addDays(labNow(now).date, i + 1))
      .flatMap((date) => pickupSlots(samplingSetting).map((time) => ({ date, time })))
      .find(({ date, time }) => pickupProblem(date, time, samplingSetting, now) === null);
    if (open) {
      await addSampling(
        db,
        teacher.id,
        samplingAddBody.parse({ type: '1', address_rid: address.address_rid, date: open.date, time: open.time, message: '两箱薄膜样品，需避光，请带保温箱' }),
        at(0, -2),
      );
    }
  }

  // the raw data behind the two reports, in the teacher's 数据保管箱 (vault.seed.ts)
  await seedVaultDemo(db, files, lab.id, [
    { orderNo: completed, technique: 'xrd', at: at(15) },
    { orderNo: delivered, technique: 'sem', at: at(2) },
  ]);

  // ---- the student: an address, one order waiting for the lab to confirm, one line in the plan ----
  await addAddress(
    db,
    student.id,
    addressAddBody.parse({ name: '张明', phone: '13800138000', address_code: '310104', province: '上海市', city: '上海市', area: '徐汇区', address: '梅陇路130号 华东理工大学 实验十八楼 402室', default: '1' }),
    at(8),
  );
  await order(student.id, '紫外可见漫反射 UV-Vis DRS', [sample('g-C3N4 光催化剂粉末', 3, 'powder')], at(1, -2), { note: '需要 Tauc 作图计算禁带宽度' });
  const ftir = item('傅里叶变换红外 FTIR');
  await addLineToPlan(db, student.id, { itemId: ftir.id, choices: defaultChoices(ftir), count: 2, note: 'KBr 压片' }, at(0, -5));
}
