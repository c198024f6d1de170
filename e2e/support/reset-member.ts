import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';

/**
 * The member whose password auth.spec.ts resets. The server sends one code a minute per phone,
 * and registering the member takes one, so the reset could only come a minute after it. The
 * `setup` project (reset-member.setup.ts) registers the member when the run starts, and the
 * minute passes while the specs before auth.spec.ts run; run alone, the reset still waits.
 */
export interface ResetMember {
  phone: string;
  password: string;
  /** when its registration code was sent (ms) */
  codeSentAt: number;
}

const file = (info: TestInfo) => path.join(info.project.outputDir, 'reset-member.json');

export function saveResetMember(info: TestInfo, member: ResetMember) {
  fs.mkdirSync(info.project.outputDir, { recursive: true });
  fs.writeFileSync(file(info), JSON.stringify(member));
}

export function loadResetMember(info: TestInfo): ResetMember {
  return JSON.parse(fs.readFileSync(file(info), 'utf8')) as ResetMember;
}
