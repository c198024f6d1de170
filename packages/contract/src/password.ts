/**
 * Password rules shared by server and web. Length is checked by the schema itself; strength
 * (zxcvbn, score 0–4) by a scorer that `password-strength.ts` installs: the server installs it
 * at start, the web only in the forms that set a password (its dictionaries are ~200 KB
 * gzipped, too heavy for the pages that never ask for one). Until it is installed the strength
 * check passes, and the server, which always has it, gives the answer.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 64;
/** zxcvbn's "safely unguessable" (about 10^8 guesses and more) */
export const PASSWORD_MIN_SCORE = 3;


export type PasswordScorer = (password: string) => number;

let scorer: PasswordScorer | null = null;

export function setPasswordScorer(next: PasswordScorer) {
  scorer = next;
}

export const passwordScorerInstalled = () => scorer !== null;

export const isPasswordStrongEnough = (password: string) => scorer === null || scorer(password) >= PASSWORD_MIN_SCORE;

export const weakPasswordMessage = (label = '密码') => `[${label}]太容易被猜到，请使用更长、更不常见的组合（避免常见单词、生日、手机号和键盘顺序）`;
