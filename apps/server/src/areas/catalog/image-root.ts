import { serverPaths } from '../../platform/paths';

/** The project's own images (committed), served at /upload/img/… */
export const imageRoot = serverPaths.images;
