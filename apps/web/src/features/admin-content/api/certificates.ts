import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';
import { contentKeys } from './keys';

/** POST /api/admin/content/certificate/list — every certificate, expired and demo ones too, in order. */
export const listCertificates = () => adminContent.certificates();

export const certificatesQueryOptions = () => queryOptions({ queryKey: contentKeys.certificates, queryFn: listCertificates });

export const useCertificates = () => useQuery(certificatesQueryOptions());

/** POST /api/admin/content/certificate/add */
export const addCertificate = (body: CertificateAddBody) => adminContent.addCertificate({ ...body, demo: flag(body.demo) });

/** POST /api/admin/content/certificate/edit */
export const editCertificate = (body: CertificateAddBody & { id: number }) => adminContent.editCertificate({ ...body, demo: flag(body.demo) });

/** POST /api/admin/content/certificate/delete */
export const deleteCertificate = (id: number) => adminContent.removeCertificate({ id });
