export * from './common';
export * from './auth';
export * from './catalog';
export * from './regions';
export * from './sampling';
export * from './member';
export * from './funds';
export * from './orders';
