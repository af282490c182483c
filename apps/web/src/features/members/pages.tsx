import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function MemberProfilePage() {
  const { username } = useParams();
  return <PlaceholderPage title={username ?? 'Member'} description="Member profiles are coming soon." />;
}

export function ProfileEditPage() {
  return <PlaceholderPage title="Edit Profile" description="Profile editing is coming soon." />;
}
