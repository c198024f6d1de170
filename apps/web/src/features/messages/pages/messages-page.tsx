export { default } from '../../../pages/under-construction-page';
