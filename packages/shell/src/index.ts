export { filterMenuByRole, type MenuItem, type Role } from './menu/filter-menu';
