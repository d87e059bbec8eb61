// Side-effect style import used by the ejected SearchBar (the package ships no types for it).
declare module '@docsearch/react/style';

// The real Algolia lite client, aliased by plugins/search-client past the package's exports map.
declare module '@algolia-lite-real' {
  export {liteClient} from 'algoliasearch/lite';
}
