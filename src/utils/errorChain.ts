import {getErrorCausalChain} from '@docusaurus/utils-common';

/** An error and its causes, one per paragraph, labelled in Chinese (the theme's says "Cause:"). */
export function errorChainText(error: Error): string {
  return getErrorCausalChain(error)
    .map((e) => e.message)
    .join('\n\n原因：\n');
}
