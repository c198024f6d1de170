import { orders } from './orders';

/** The order form as sent (`lines` as JSON); answers the new order. */
export const addOrder = (body: Parameters<typeof orders.add>[0]) => orders.add(body);
