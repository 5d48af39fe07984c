import { Outlet } from 'react-router';
import { SideMenu } from '../../shared/SideMenu';
import { MEMBER_MENU } from '../member-menu';

/**
 * The frame of every member page (account centre, wallet, orders): the member menu beside the page (SHELL-17).
 * A layout route, so moving between member pages keeps the menu and redraws only the page.
 */
export function MemberLayout() {
  return (
    <SideMenu label="会员中心菜单" groups={MEMBER_MENU}>
      <Outlet />
    </SideMenu>
  );
}
