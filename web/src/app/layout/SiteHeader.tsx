// Site header: brand, navigation, account. At 768 px and below the navigation and account move into
// the mobile menu.
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../auth/use-auth.js';
import { Brand } from './Brand.js';
import { MobileMenu } from './MobileMenu.js';
import { NAV_ITEMS } from './nav-items.js';
import { ProfileMenu } from './ProfileMenu.js';

export function SiteHeader() {
  const { user } = useAuth();
  return (
    <header className="site-header" data-toast-anchor="">
      <div className="site-header__inner">
        <Brand />
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="site-nav__link" activeOptions={{ includeSearch: false }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__account">
          {user ? (
            <ProfileMenu user={user} />
          ) : (
            <Link to="/login" className="button button--primary">
              Sign In
            </Link>
          )}
        </div>
        <MobileMenu user={user} />
      </div>
    </header>
  );
}
