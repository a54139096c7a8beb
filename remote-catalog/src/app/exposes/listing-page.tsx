export { ListingPage } from '../../features/listing/components/listing-page';
