import { contracts } from './contracts';

/** The 委托检测服务协议 of the order, filled in, to print and sign. */
export const downloadAgreement = (rid: string) => contracts.download({ rid }, '委托检测服务协议.html');

/** The signed agreement I uploaded. */
export const downloadSignedAgreement = (rid: string) => contracts.signed({ rid }, '已签署协议');
