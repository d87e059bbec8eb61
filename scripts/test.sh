#!/usr/bin/env bash
# npm test: everything a fresh Debian machine needs, then content lint, code examples, build, unit and
# e2e tests. The last line is the summary "N passed, N failed" (unit + e2e + code examples).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

need_pkgs=()
[ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
[ -x /usr/sbin/nginx ] || need_pkgs+=(nginx-light)
command -v gofmt >/dev/null || need_pkgs+=(golang-go)  # npm run test:examples: gofmt, go vet, go build
command -v pdftotext >/dev/null || need_pkgs+=(poppler-utils)  # print.spec.ts and the PDF manual tests read PDFs back
# npm run test:examples: the toolchains of the docs' code examples and the libraries they use
command -v gcc >/dev/null || need_pkgs+=(gcc)
command -v g++ >/dev/null || need_pkgs+=(g++)
command -v shellcheck >/dev/null || need_pkgs+=(shellcheck)
command -v pyflakes3 >/dev/null || need_pkgs+=(python3-pyflakes)
[ -f /usr/include/cjson/cJSON.h ] || need_pkgs+=(libcjson-dev)
[ -d /usr/share/gocode/src/github.com/goburrow/modbus ] || need_pkgs+=(golang-github-goburrow-modbus-dev)
[ -d /usr/share/gocode/src/github.com/eclipse/paho.mqtt.golang ] || need_pkgs+=(golang-github-eclipse-paho.mqtt.golang-dev)
command -v java >/dev/null || need_pkgs+=(default-jre-headless)  # the W3C Nu Html Checker (vnu-jar) of every built page
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need_pkgs+=(fonts-noto-cjk)
# the PDF manuals embed Noto Sans CJK as TrueType copies made with fontTools (plugins/pdf-manuals/fonts.ts)
/usr/bin/python3 -c 'import fontTools.subset' 2>/dev/null || need_pkgs+=(python3-fonttools)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "安装测试依赖：${need_pkgs[*]}"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
  fi
fi

mkdir -p test-results
status=0
# A stage that fails without counting its own tests (lint, types, builds) counts as one failure in the summary.
failed_stages=()
stage_failed() { failed_stages+=("$1"); status=1; }

echo "== 内容检查 =="
npm run --silent lint:content || stage_failed 内容检查

echo "== 代码示例检查（npm run test:examples）=="
examples_rc=0
npm run --silent test:examples > test-results/examples.log 2>&1 || examples_rc=$?
grep -v '^  ' test-results/examples.log | tail -n 40
read -r ex_checked ex_failed < <(sed -nE 's/^examples: ([0-9]+) checked, ([0-9]+) failed$/\1 \2/p' test-results/examples.log)
[ -n "${ex_checked:-}" ] || { echo "代码示例检查没有输出汇总行"; ex_checked=0; ex_failed=1; status=1; }
[ "$ex_failed" -gt 0 ] && status=1
[ "$examples_rc" -ne 0 ] && [ "$ex_failed" -eq 0 ] && stage_failed 代码示例检查

echo "== 类型检查 =="
npx tsc || stage_failed 类型检查

echo "== 构建站点 =="
if ! npm run --silent build > test-results/build.log 2>&1; then
  tail -n 60 test-results/build.log
  echo "构建失败"
  stage_failed 构建站点
fi

echo "== 构建托管搜索版本（端到端测试用，Algolia 请求由测试拦截；不生成 PDF 手册）=="
if ! ALGOLIA_APP_ID=E2ETESTAPP ALGOLIA_SEARCH_API_KEY=e2e-search-only-key ALGOLIA_INDEX_NAME=xinglian-docs PDF_MANUALS=off \
  npx docusaurus build --out-dir build-hosted > test-results/build-hosted.log 2>&1; then
  tail -n 40 test-results/build-hosted.log
  echo "托管搜索版本构建失败"
  stage_failed 构建托管搜索版本
fi

echo "== 单元测试 =="
node --import tsx --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=test-results/unit.tap \
  test/unit/*.test.ts || status=1
unit_pass=$(grep -E '^# pass ' test-results/unit.tap | awk '{print $3}')
unit_fail=$(grep -E '^# fail ' test-results/unit.tap | awk '{print $3}')

echo "== 端到端测试 =="
e2e_pass=0; e2e_fail=0
if [ -d build ]; then
  npx playwright test || status=1
  if [ -f test-results/e2e-results.json ]; then
    read -r e2e_pass e2e_fail < <(node -e '
      const s = require("./test-results/e2e-results.json").stats;
      console.log((s.expected + s.flaky) + " " + s.unexpected);')
  fi
else
  e2e_fail=1
fi

# Code examples count as checks: each block checked is one pass or one failure.
passed=$(( ${unit_pass:-0} + ${e2e_pass:-0} + ex_checked - ex_failed ))
failed=$(( ${unit_fail:-0} + ${e2e_fail:-0} + ex_failed + ${#failed_stages[@]} ))
[ "$failed" -gt 0 ] && status=1
[ ${#failed_stages[@]} -eq 0 ] || echo "失败的步骤：${failed_stages[*]}"
echo "${passed} passed, ${failed} failed"
exit $status
