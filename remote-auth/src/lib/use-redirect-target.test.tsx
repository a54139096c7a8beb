import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-support/render';
import { useRedirectTarget } from './use-redirect-target';

function Probe() {
  const { path, linkTo } = useRedirectTarget();
  return (
    <>
      <p data-testid="path">{path}</p>
      <p data-testid="sign-up">{linkTo('/signup')}</p>
    </>
  );
}

const landingFor = (redirect: string) => {
  renderWithProviders(<Probe />, { route: `/signin?redirect=${encodeURIComponent(redirect)}` });
  return screen.getByTestId('path').textContent;
};

describe('useRedirectTarget', () => {
  it.each([
    ['/profile?tab=2', '/profile?tab=2'],
    ['/signing-tips', '/signing-tips'],
    ['/.//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
  ])('lands %p on %p', (redirect, expected) => {
    expect(landingFor(redirect)).toBe(expected);
  });

  it.each(['/signin', '/signup', '/SignIn', '/signup/', '/%73ignin', '/signin?redirect=%2Fcart', '/a/../signup#x'])(
    'lands on the home page rather than on the form again for %p',
    (redirect) => {
      expect(landingFor(redirect)).toBe('/');
    },
  );

  it('lands on the home page for a path that does not decode', () => {
    expect(landingFor('/%E0%A4%A')).toBe('/');
  });

  it('carries the landing path to the other form, and nothing when it is the home page', () => {
    renderWithProviders(<Probe />, { route: '/signin?redirect=%2Fcart%3Fx%3D1' });
    expect(screen.getByTestId('sign-up')).toHaveTextContent('/signup?redirect=%2Fcart%3Fx%3D1');
  });

  it('links to the other form without a redirect when there is none to keep', () => {
    renderWithProviders(<Probe />, { route: '/signin?redirect=%2Fsignup' });
    expect(screen.getByTestId('sign-up')).toHaveTextContent(/^\/signup$/);
  });
});
