export { NotifyMe } from './notify-me';
export { NOTIFY_TEXT } from './constants';
export {
  COMING_SOON_HEADING,
  COMING_SOON_TEXT,
  ComingSoonPage,
  CommunityPage,
  MapsPage,
  ToolsPage,
} from './coming-soon-page';
