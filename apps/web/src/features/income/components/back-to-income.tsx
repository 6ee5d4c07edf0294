/** 返回我的收益: the way back from an income sub-page (应用收益, 提现) to /income, as task detail has to /task. */
import { Button } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { incomeText } from '../../../locales/zh-CN/income';
import styles from '../income-page.module.css';

export function BackToIncome() {
  const navigate = useNavigate();
  return (
    <Button type="text" className={styles.back} icon={<IconLeft />} onClick={() => void navigate(paths.income)}>
      {incomeText.back}
    </Button>
  );
}
