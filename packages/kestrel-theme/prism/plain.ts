/**
 * What prism-react-renderer's Highlight hands its children for a block with no grammar (every
 * line one plain token), built without Prism. A code block shows this until Prism is built, which
 * waits until the block is on screen (packages/kestrel-theme/theme/CodeBlock/Content).
 */
import clsx from 'clsx';
import type {PrismTheme, RenderProps, Token} from 'prism-react-renderer';

export function plainRenderProps(code: string, language: string, theme: PrismTheme): RenderProps {
  const lineStyle = {...theme.plain, backgroundColor: undefined};
  const tokens: Token[][] = code
    .split(/\r\n|\r|\n/)
    .map((content) => [content === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content}]);
  return {
    tokens,
    className: `prism-code language-${language.toLowerCase()}`,
    style: theme.plain,
    getLineProps: ({className, style, line: _line, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: {...lineStyle, ...style},
    }),
    getTokenProps: ({token, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: token.empty ? {display: 'inline-block', ...style} : style,
    }),
  };
}
