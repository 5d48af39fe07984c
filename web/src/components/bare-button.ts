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

/** A bare button that sits inside a line of text as a word or a link would: no padding, the text's size. */
export const inlineButton: GriffelStyle = {
  ...bareButton,
  paddingTop: 0,
  paddingRight: 0,
  paddingBottom: 0,
  paddingLeft: 0,
  fontSize: 'inherit',
};
