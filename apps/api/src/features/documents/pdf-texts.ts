import type { DocumentKind, LanguageCode } from '@store/contract'

/** Every word printed on a paper, in both of the shop's languages. */
const TEXTS = {
  en: {
    title: {
      invoice: 'Sales tax invoice',
      credit_note: 'Credit note',
      delivery_challan: 'Delivery challan',
    } satisfies Record<DocumentKind, string>,
    number: 'Number',
    date: 'Date',
    order: (id: number) => `Order #${id}`,
    against: 'Against invoice',
    ntn: 'NTN',
    strn: 'STRN',
    phone: 'Phone',
    billTo: 'Bill to',
    deliverTo: 'Deliver to',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    total: 'Total',
    taxIncluded: (percent: string) => `Sales tax included (${percent}%)`,
    credited: 'Total credited',
    balance: 'Balance to collect',
    nothingToCollect: 'Paid in full: nothing to collect',
    receivedBy: "Customer's signature: received in good condition",
    deliveredBy: "Driver's signature: delivered",
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  ur: {
    title: {
      invoice: 'سیلز ٹیکس انوائس',
      credit_note: 'کریڈٹ نوٹ',
      delivery_challan: 'ڈلیوری چالان',
    } satisfies Record<DocumentKind, string>,
    number: 'نمبر',
    date: 'تاریخ',
    // Urdu writes no '#': after Urdu letters the bidi algorithm puts it after the number.
    order: (id: number) => `آرڈر نمبر ${id}`,
    against: 'بمقابلہ انوائس',
    ntn: 'این ٹی این',
    strn: 'ایس ٹی آر این',
    phone: 'فون',
    billTo: 'بنام',
    deliverTo: 'ترسیل کا پتہ',
    item: 'سامان',
    quantity: 'تعداد',
    unitPrice: 'فی عدد قیمت',
    amount: 'رقم',
    total: 'کل رقم',
    taxIncluded: (percent: string) => `شامل سیلز ٹیکس (${percent} فیصد)`,
    credited: 'کل واپس شدہ رقم',
    balance: 'دروازے پر وصول کی جانے والی رقم',
    nothingToCollect: 'پوری ادائیگی ہو چکی ہے: کچھ وصول نہیں کرنا',
    receivedBy: 'گاہک کے دستخط: سامان صحیح حالت میں وصول کیا',
    deliveredBy: 'ڈرائیور کے دستخط: سامان حوالے کیا',
    page: (page: number, pages: number) => `صفحہ ${page} از ${pages}`,
  },
} satisfies Record<LanguageCode, unknown>

export const paperTexts = (language: LanguageCode) => TEXTS[language]
