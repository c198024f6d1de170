import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_PASSWORDS } from './demo';
import { setPasswordScorer } from './password';

/** Words of this site a password should not be built on, and the README's demo passwords. */
const siteWords = [...DEMO_PASSWORDS, 'lab', 'labshop', 'kejian', 'keyan', 'jiance', 'ceshi', 'shiyan', 'admin', 'finance', 'sales', 'demo'];

let factory: ZxcvbnFactory | null = null;

/**
 * zxcvbn's score of a password (0–4), with the common-passwords dictionary, keyboard patterns
 * and this site's words. (There is no Chinese language pack; the common list carries the
 * pinyin favourites such as woaini.)
 */
export function passwordScore(password: string): number {
  factory ??= new ZxcvbnFactory({ dictionary: { ...dictionary, site: siteWords }, graphs: adjacencyGraphs });
  return factory.check(password).score;
}

/** Makes every password schema of the contract check strength from now on. */
export function installPasswordStrength() {
  setPasswordScorer(passwordScore);
}
