import type { GriffelStyle } from '@fluentui/react-components';

/**
 * A native button with the browser's frame taken off, for controls that look like the words, links or icons around
 * them (a message link, 安全退出, the carousel's dots, the side bar's icons).
 */
export const bareButton: GriffelStyle = {
  backgroundColor: 'transparent',
  borderTopStyle: 'none',
  borderRightStyle: 'none',
  borderBottomStyle: 'none',
  borderLeftStyle: 'none',
  fontFamily: 'inherit',
  cursor: 'pointer',
};
