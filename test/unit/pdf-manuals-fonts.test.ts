/**
 * The print fonts of the PDF manuals (plugins/pdf-manuals/fonts.ts): which characters are kept,
 * where the faces come from, the fontconfig file, and a real conversion with fontTools.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {charactersOf, decodeEntities, fontconfigXml, parseFcList, PRINT_FACES, printFonts, svgFiguresOf} from '../../plugins/pdf-manuals/fonts';
import {printFontsNote} from '../../plugins/pdf-manuals';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'xl-pdf-fonts-'));
const svg = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1">${text}</text></svg>`;

test('character references are decoded: those cheerio writes, numeric ones and XML\'s own', () => {
  assert.equal(decodeEntities('温度 &lt; 80&#x2103;&amp;湿度&#8805;5&nbsp;&quot;&apos;&gt;'), '温度 < 80℃&湿度≥5\u00a0"\'>');
  assert.equal(decodeEntities('&copy; &#x110000;'), '&copy; ', 'unknown names stay, impossible code points go');
});

test('SVG figures come from data URLs (base64 or not) and from files of the site, quoted or not; other images are ignored', async () => {
  const site = tempDir();
  fs.mkdirSync(path.join(site, 'img'));
  fs.writeFileSync(path.join(site, 'img', '拓扑.svg'), svg('网关'));
  fs.writeFileSync(path.join(site, 'img', 'photo.png'), 'not an svg');
  const html = [
    `<img src="data:image/svg+xml;base64,${Buffer.from(svg('边缘节点')).toString('base64')}">`,
    `<img src="data:image/svg+xml,${encodeURIComponent(svg('告警'))}">`,
    `<img alt=拓扑图 src=/img/${encodeURIComponent('拓扑')}.svg?v=1 class=img_ev3q>`, // minified: unquoted
    '<img src="/img/photo.png">',
    '<img src="https://example.com/remote.svg">',
  ].join('');
  const figures = [...(await svgFiguresOf(html, site)).values()];
  assert.deepEqual(figures, [svg('边缘节点'), svg('告警'), svg('网关')]);
});

test('the characters kept: those of the pages and their figures, ASCII and common punctuation; no control characters', async () => {
  const site = tempDir();
  const header = '<style>@page { @top-right { content: "第 1 章　简介"; } }</style>';
  const chars = await charactersOf([`${header}<p>设备\t接入 &lt;&#x2103;&gt;</p><img src="data:image/svg+xml,${encodeURIComponent(svg('✓ 网关'))}">`, '<p>接入点</p>'], site);
  for (const c of '设备接入点✓网关℃第章简介AZaz09<>「」—…，。：') assert.ok(chars.includes(c), c);
  assert.ok(!/[\t\n\r]/.test(chars));
  assert.equal(new Set(chars).size, [...chars].length, 'each character once');
  assert.equal(chars, [...chars].sort().join(''), 'sorted, so the same pages give the same cache folder');
  assert.ok(!chars.includes('湿'));
});

test('fc-list output: the first listing of each wanted face, in the order asked for, missing faces left out', () => {
  const output = [
    'NotoSansCJKsc-Bold\t/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc\t2',
    'DejaVuSans\t/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\t0',
    'NotoSansCJKsc-Regular\t/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc\t2',
    'NotoSansCJKsc-Regular\t/home/someone/.fonts/NotoSansCJKsc-Regular.otf\t0',
    '',
  ].join('\n');
  assert.deepEqual(parseFcList(output, PRINT_FACES), [
    {postscriptName: 'NotoSansCJKsc-Regular', file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', index: 2},
    {postscriptName: 'NotoSansCJKsc-Bold', file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', index: 2},
  ]);
});

test('the fontconfig file: the system configuration, the converted faces added, their collections rejected', () => {
  const xml = fontconfigXml('/srv/cache/a&b', ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc']);
  assert.match(xml, /<include ignore_missing="yes">\/etc\/fonts\/fonts\.conf<\/include>/);
  assert.match(xml, /<dir>\/srv\/cache\/a&#38;b<\/dir>/);
  assert.match(xml, /<cachedir>\/srv\/cache\/a&#38;b\/fontconfig<\/cachedir>/);
  assert.match(xml, /<rejectfont>\s*<glob>\/usr\/share\/fonts\/opentype\/noto\/NotoSansCJK-Regular\.ttc<\/glob>\s*<\/rejectfont>/);
  // The cache folder comes first: fontconfig writes its own cache into the first writable one.
  assert.ok(xml.indexOf('<cachedir>') < xml.indexOf('<include'));
});

test('what the build says about the fonts: converted (with figures), from the cache (nothing), unavailable (how to install)', () => {
  assert.equal(
    printFontsNote({fontconfigFile: '/x/fonts.conf', converted: {characters: 1757, seconds: 13.46}}),
    '打印字体：从 Noto Sans CJK SC 与 Noto Sans Mono CJK SC（常规、粗体）取出手册用到的 1757 个字符，转换为 TrueType 轮廓（用时 13.5 s），缓存在 node_modules/.cache/pdf-manuals-fonts/。',
  );
  assert.equal(printFontsNote({fontconfigFile: '/x/fonts.conf', converted: null}), null);
  assert.equal(
    printFontsNote({unavailable: '未找到 fontTools（Debian 软件包 python3-fonttools）'}),
    '未找到 fontTools（Debian 软件包 python3-fonttools）：PDF 手册中的中文改以无名的 Type 3 字形嵌入（文件更大，阅读器显示不出字体名）。需要 Debian 软件包 fonts-noto-cjk 与 python3-fonttools（apt-get install fonts-noto-cjk python3-fonttools），修复后重新运行 npm run build 即可。',
  );
});

/** The code points of a font file, from fontconfig's charset (hex ranges such as "20-7e 8bbe"). */
function charsetOf(file: string): Set<number> {
  const points = new Set<number>();
  for (const range of execFileSync('fc-scan', ['-f', '%{charset}', file], {encoding: 'utf8'}).trim().split(/\s+/)) {
    const [from, to = from] = range.split('-').map((h) => parseInt(h, 16));
    for (let p = from; p <= to; p++) points.add(p);
  }
  return points;
}

const haveFontTools = spawnSync('/usr/bin/python3', ['-c', 'import fontTools.subset']).status === 0;
const haveNoto = spawnSync('fc-list', [':postscriptname=NotoSansCJKsc-Regular', 'file'], {encoding: 'utf8'}).stdout?.trim().length > 0;

test(
  'the four faces become TrueType subsets that fontconfig gives Chromium under their own names; the cache is reused, then replaced',
  {skip: !(haveFontTools && haveNoto) && 'needs python3-fonttools and fonts-noto-cjk'},
  async () => {
    const cache = tempDir();
    const first = await printFonts('设备接入 Modbus ✓', cache);
    assert.ok('fontconfigFile' in first && first.converted, JSON.stringify(first));
    assert.equal(first.converted.characters, 13);
    const dir = path.dirname(first.fontconfigFile);
    for (const face of PRINT_FACES) {
      const file = path.join(dir, `${face}.ttf`);
      // TrueType outlines (sfnt version 1.0), the PostScript name kept, only the characters asked for.
      assert.equal(fs.readFileSync(file).readUInt32BE(0), 0x00010000, face);
      assert.equal(execFileSync('fc-scan', ['-f', '%{postscriptname} %{fontformat}', file], {encoding: 'utf8'}), `${face} TrueType`);
      const charset = charsetOf(file);
      for (const c of '设备接入Modbus✓') assert.ok(charset.has(c.codePointAt(0)!), `${face}: ${c}`);
      assert.ok(!charset.has('湿'.codePointAt(0)!), `${face}: 湿`);
    }
    // The same families, now resolved to the copies; the CFF collections are no longer offered.
    const env = {...process.env, FONTCONFIG_FILE: first.fontconfigFile};
    const match = (pattern: string) => execFileSync('fc-match', ['-f', '%{file}', pattern], {encoding: 'utf8', env});
    assert.equal(match('Noto Sans CJK SC'), path.join(dir, 'NotoSansCJKsc-Regular.ttf'));
    assert.equal(match('Noto Sans CJK SC:bold'), path.join(dir, 'NotoSansCJKsc-Bold.ttf'));
    assert.equal(match('Noto Sans Mono CJK SC'), path.join(dir, 'NotoSansMonoCJKsc-Regular.ttf'));
    assert.equal(match('Noto Sans Mono CJK SC:bold'), path.join(dir, 'NotoSansMonoCJKsc-Bold.ttf'));
    assert.equal(execFileSync('fc-list', ['-f', '%{file}\n', ':fontformat=CFF:family=Noto Sans CJK SC'], {encoding: 'utf8', env}), '');

    assert.deepEqual(await printFonts('设备接入 Modbus ✓', cache), {fontconfigFile: first.fontconfigFile, converted: null});
    const second = await printFonts('设备接入 Modbus ✓ 湿度', cache);
    assert.ok('fontconfigFile' in second && second.converted);
    assert.notEqual(path.dirname(second.fontconfigFile), dir);
    assert.equal(fs.existsSync(dir), false, 'only the newest set is kept');
  },
);

test(
  'a face that fontTools cannot convert: the manuals are printed with the system fonts, the cache is left empty',
  {skip: !haveFontTools && 'needs python3-fonttools'},
  async () => {
    const cache = tempDir();
    const dejavu = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
    const result = await printFonts('设备', cache, PRINT_FACES.map((postscriptName) => ({postscriptName, file: dejavu, index: 0})));
    assert.deepEqual(result, {unavailable: `用 fontTools 转换字体失败（${dejavu} #0: no CFF outlines to convert）`});
    assert.equal(fs.existsSync(cache), false);
  },
);
