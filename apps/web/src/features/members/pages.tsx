export { MemberProfilePage } from './profile-page';
export { ProfileEditPage } from './profile-edit-page';
