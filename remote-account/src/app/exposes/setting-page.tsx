export { SettingPage } from '../../features/setting/components/setting-page';
