/**
 * An application as the staff member saw it in a queue: its rid and the version of its row.
 * Every decision sends both, and the server books only while the row still has that version
 * (PRODUCT.md "Staff decisions and value"); otherwise it answers 409 该申请已被修改，请刷新后重新审核.
 */
export interface Seen {
  rid: string;
  version: number;
}
