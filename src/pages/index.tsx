import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {productAreas, apiReferences} from '../data/productAreas';
import PdfManualDownloads from '../manuals/PdfManualDownloads';
import styles from './index.module.css';

function HomeSearch(): ReactNode {
  const searchPage = useBaseUrl('/search');
  return (
    <form className={styles.searchForm} action={searchPage} method="get" role="search">
      <label htmlFor="home-search" className="sr-only">
        搜索全部文档
      </label>
      <input
        id="home-search"
        className={styles.searchInput}
        type="search"
        name="q"
        maxLength={64}
        placeholder="搜索文档，例如：MQTT 连接、triton.toml、规则引擎"
        autoComplete="off"
      />
      <button type="submit" className="button button--primary button--lg">
        搜索
      </button>
    </form>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title="首页"
      description="星联文档中心：Neptune 工业云平台、Janus 边缘计算系统软件、Triton 设备端连接器、低代码 HMI 组态软件与低代码流程图控制软件的使用与开发文档。">
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            星联文档中心
          </Heading>
          <p className={styles.heroSubtitle}>
            从设备接入到云端管理、从现场数据平台到 HMI 画面与运动控制流程，星联工业全系列产品的使用、部署与开发文档。
          </p>
          <HomeSearch />
          <p className={styles.searchHint}>
            也可以在任意页面按 <kbd>Ctrl</kbd> + <kbd>K</kbd> 或 <kbd>/</kbd> 打开搜索，内网环境同样可用。
          </p>
        </div>
      </header>
      <main>
        <section className={styles.section} aria-labelledby="products-heading">
          <div className="container">
            <Heading as="h2" id="products-heading">
              按产品浏览
            </Heading>
            <div className={styles.cards}>
              {productAreas.map((area) => (
                <Link key={area.to} to={area.to} className={styles.card}>
                  <span className={styles.cardTag}>{area.tag}</span>
                  <Heading as="h3">{area.title}</Heading>
                  <p>{area.description}</p>
                </Link>
              ))}
            </div>
          </div>
        </section>
        <PdfManualDownloads manuals="all" className={`container ${styles.section}`} />
        <section className={styles.section} aria-labelledby="api-heading">
          <div className="container">
            <Heading as="h2" id="api-heading">
              API 参考
            </Heading>
            <ul className={styles.apiList}>
              {apiReferences.map((api) => (
                <li key={api.to}>
                  <Link to={api.to}>{api.title}</Link>：{api.description}
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
    </Layout>
  );
}
