export { MemberProfilePage, ProfileEditPage } from './pages';
