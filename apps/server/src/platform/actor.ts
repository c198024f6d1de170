/**
 * Who did something that is recorded: a ledger entry, an order's event, a sample's move. A
 * member, a staff member, or the system (a job or a rule, with no id). One shape for every
 * area, so an area hands its caller's actor to another without translating it.
 */
export interface Actor {
  kind: 'member' | 'staff' | 'system';
  id: number | null;
}

/** The system as an actor: a job or a rule acting on its own. */
export const systemActor: Actor = { kind: 'system', id: null };

/** An actor with the name a timeline shows beside what they did. */
export interface NamedActor extends Actor {
  name: string;
}
