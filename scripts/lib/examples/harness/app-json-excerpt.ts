/// <reference path="../types/janus.d.ts" />
// Harness for a json block that shows only some keys of an open-platform app.json ("app.json 片段"):
// it is checked as Partial<janus.AppManifest>, so the keys it has must exist and have the right types.
// Use: ```json title="app.json" harness="app-json-excerpt"
const manifest: Partial<janus.AppManifest> =
/*{{block}}*/
;
export default manifest;
