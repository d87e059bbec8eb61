// Side-effect style import used by the ejected SearchBar (the package ships no types for it).
declare module '@docsearch/react/style';
