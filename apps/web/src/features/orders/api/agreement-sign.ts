import { useQuery } from '@tanstack/react-query';
import { contracts } from './contracts';
import { ordersKeys } from '../../../api/query-keys';

/** The order's 委托检测服务协议 to read and sign online (its text, SHA-256, status, whether the lab requires it). */
export const agreementKey = (orderNo: string) => [...ordersKeys.protocols(orderNo), 'sign'] as const;
export const useAgreementToSign = (orderNo: string) => useQuery({ queryKey: agreementKey(orderNo), queryFn: () => contracts.agreement({ order_no: orderNo }) });

export const sendAgreementCode = (orderNo: string) => contracts.agreementCode({ order_no: orderNo });
export const signAgreement = (body: { order_no: string; code: string; content_sha256: string }) => contracts.signAgreement(body);

/** The agreement signed online, sealed by the lab (PDF). */
export const downloadSignedAgreementPdf = (orderNo: string) => contracts.agreementPdf({ order_no: orderNo }, `委托检测服务协议-${orderNo}.pdf`);
