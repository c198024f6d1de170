import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's own images (committed), served at /upload/img/… */
export const imageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/upload/img');
