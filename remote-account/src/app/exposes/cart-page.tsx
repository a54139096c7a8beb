export { CartPage } from '../../features/cart/components/cart-page';
