import type { SentenceCatalog } from '@store/contract'

/*
 * The words of every mail and gateway text in Urdu, in the catalog format of the API's sentences
 * (packages/contract/src/sentences.ts): the English text is the key. Amounts stay `PKR 12,500` with
 * Latin digits, as the site shows them. An order's status and payment words are whole sentences
 * here, since Urdu says each status its own way.
 */

/** The mails' and the gateway's words in Urdu (mails.ts, and the password reset mail). */
export const urduMailWords = {
  // An order's facts
  'Cash on delivery': 'کیش آن ڈیلیوری',
  'Bank transfer': 'بینک ٹرانسفر',
  'cash on delivery': 'کیش آن ڈیلیوری',
  'bank transfer': 'بینک ٹرانسفر',
  Cash: 'نقد',
  Card: 'کارڈ',
  Wallet: 'موبائل والیٹ',
  cash: 'نقد',
  card: 'کارڈ',
  wallet: 'موبائل والیٹ',
  'Hello {name},': 'السلام علیکم {name}،',
  'Order #{id}': 'آرڈر نمبر {id}',
  Subtotal: 'ذیلی میزان',
  'Discount ({code})': 'رعایت ({code})',
  coupon: 'کوپن',
  Delivery: 'ڈیلیوری',
  Free: 'مفت',
  'Cash on delivery fee': 'کیش آن ڈیلیوری فیس',
  Total: 'کل رقم',
  Bank: 'بینک',
  'Account title': 'اکاؤنٹ ٹائٹل',
  'Account number': 'اکاؤنٹ نمبر',
  Reference: 'حوالہ',

  // An order placed, to the customer
  '{store}: order #{id} received': '{store}: آرڈر نمبر {id} موصول ہو گیا',
  'Order #{id} received': 'آرڈر نمبر {id} موصول ہو گیا',
  'Thank you for your order #{id}. We have received it and will call you on {phone} before we deliver.':
    'آرڈر نمبر {id} کا بہت شکریہ۔ ہمیں آپ کا آرڈر مل گیا ہے، اور ڈیلیوری سے پہلے ہم آپ کو {phone} پر فون کریں گے۔',
  'Items:': 'اشیاء:',
  'Expected delivery: {when}, to {address}, {city}.': 'متوقع ڈیلیوری: {when}، پتا: {address}، {city}۔',
  'Payment: {method}': 'ادائیگی: {method}',
  'Please transfer {amount} to:': 'براہِ کرم {amount} اس اکاؤنٹ میں منتقل کریں:',
  'Message us for the bank details; we will answer quickly.':
    'بینک کی تفصیلات کے لیے ہمیں پیغام بھیجیں؛ ہم جلد جواب دیں گے۔',
  'Then upload a photo of the receipt on your order page.':
    'پھر اپنے آرڈر کے صفحے پر رسید کی تصویر اپ لوڈ کر دیں۔',
  'Your order: {url}': 'آپ کا آرڈر: {url}',
  'See your order': 'اپنا آرڈر دیکھیں',

  // A new order, to staff
  'New order #{id}: {total}': 'نیا آرڈر نمبر {id}: {total}',
  'New order #{id}': 'نیا آرڈر نمبر {id}',
  '{firstName} {lastName} ({phone}, {city}) placed order #{id} for {total}, {method}.':
    '{firstName} {lastName} ({phone}، {city}) نے {total} کا آرڈر نمبر {id} دیا ہے، ادائیگی: {method}۔',
  'Open it in the back office: {url}': 'بیک آفس میں کھولیں: {url}',
  'Open the order': 'آرڈر کھولیں',

  // An order changed, to the customer
  '{store}: order #{id} is Pending': '{store}: آرڈر نمبر {id} — زیرِ التوا',
  '{store}: order #{id} is Processing': '{store}: آرڈر نمبر {id} — تیاری میں',
  '{store}: order #{id} is Shipped': '{store}: آرڈر نمبر {id} — روانہ',
  '{store}: order #{id} is Delivered': '{store}: آرڈر نمبر {id} — پہنچ گیا',
  '{store}: order #{id} is Cancelled': '{store}: آرڈر نمبر {id} — منسوخ',
  'Your order #{id} is now Pending.': 'آپ کا آرڈر نمبر {id} اب زیرِ التوا ہے۔',
  'Your order #{id} is now Processing.': 'آپ کا آرڈر نمبر {id} اب تیار کیا جا رہا ہے۔',
  'Your order #{id} is now Shipped.': 'آپ کا آرڈر نمبر {id} روانہ کر دیا گیا ہے۔',
  'Your order #{id} is now Delivered.': 'آپ کا آرڈر نمبر {id} آپ تک پہنچا دیا گیا ہے۔',
  'Your order #{id} is now Cancelled.': 'آپ کا آرڈر نمبر {id} منسوخ کر دیا گیا ہے۔',
  'Note from us: {note}': 'ہماری طرف سے نوٹ: {note}',

  // An order changed after it was placed, to the customer
  '{store}: order #{id} was changed': '{store}: آرڈر نمبر {id} میں تبدیلی کی گئی',
  'Your order #{id} was changed: {changes}.': 'آپ کے آرڈر نمبر {id} میں یہ تبدیلی کی گئی: {changes}۔',
  'your order #{id} was changed.': 'آپ کے آرڈر نمبر {id} میں تبدیلی کی گئی ہے۔',
  'The new total is {total}.': 'اب کل رقم {total} ہے۔',
  'You have paid {amount} more than that; we will refund it.':
    'آپ اس سے {amount} زیادہ ادا کر چکے ہیں؛ یہ رقم ہم آپ کو واپس کر دیں گے۔',
  'Left to pay: {amount}.': 'باقی ادائیگی: {amount}۔',

  // Two-factor sign-in turned off by the owner, to the staff member
  'The shop’s owner turned your two-factor sign-in off, as asked when a phone is lost.':
    'فون گم ہونے پر درخواست کے مطابق، دکان کے مالک نے آپ کا دو مرحلہ سائن اِن بند کر دیا ہے۔',
  'Set it up again with your new phone before you next work in the back office.':
    'بیک آفس میں اگلی بار کام کرنے سے پہلے اپنے نئے فون سے اسے دوبارہ ترتیب دیں۔',
  '{store}: your two-factor sign-in was turned off': '{store}: آپ کا دو مرحلہ سائن اِن بند کر دیا گیا',
  'Set it up here: {url}': 'اسے یہاں ترتیب دیں: {url}',
  'Two-factor sign-in': 'دو مرحلہ سائن اِن',
  'Set it up again': 'دوبارہ ترتیب دیں',

  // A delivery the van could not make, to the customer
  'We could not deliver your order #{id} today: {reason}':
    'ہم آج آپ کا آرڈر نمبر {id} نہیں پہنچا سکے: {reason}',
  'We will call you to set another day.': 'ہم آپ کو فون کر کے کوئی اور دن طے کریں گے۔',
  '{store}: we could not deliver order #{id}': '{store}: آرڈر نمبر {id} نہیں پہنچایا جا سکا',
  '{store}: we could not deliver your order #{id} today. We will call you to set another day.':
    '{store}: ہم آج آپ کا آرڈر نمبر {id} نہیں پہنچا سکے۔ ہم آپ کو فون کر کے کوئی اور دن طے کریں گے۔',

  // The delivery day moved, to the customer
  'Your order #{id} will now be delivered on {day}.': 'آپ کا آرڈر نمبر {id} اب {day} کو پہنچایا جائے گا۔',
  '{store}: a new delivery day for order #{id}': '{store}: آرڈر نمبر {id} کی ترسیل کا نیا دن',
  '{store}: your order #{id} will now be delivered on {day}.':
    '{store}: آپ کا آرڈر نمبر {id} اب {day} کو پہنچایا جائے گا۔',

  // A payment or a refund, to the customer
  '{store}: refund for order #{id}': '{store}: آرڈر نمبر {id} کی رقم واپسی',
  'We have refunded {amount} for order #{id} by {method}.':
    'ہم نے آرڈر نمبر {id} کے {amount} {method} کے ذریعے واپس کر دیے ہیں۔',
  '{store}: payment for order #{id} not accepted': '{store}: آرڈر نمبر {id} کی ادائیگی قبول نہیں ہوئی',
  'We could not accept your payment of {amount} for order #{id}: {reason}':
    'ہم آرڈر نمبر {id} کے لیے آپ کی {amount} کی ادائیگی قبول نہیں کر سکے: {reason}',
  '{store}: payment for order #{id} received': '{store}: آرڈر نمبر {id} کی ادائیگی موصول ہو گئی',
  'We received your payment of {amount} for order #{id}.':
    'ہمیں آرڈر نمبر {id} کے لیے آپ کی {amount} کی ادائیگی موصول ہو گئی ہے۔',
  'Still to pay: {balance}.': 'باقی رقم: {balance}۔',
  'Your order is paid in full.': 'آپ کے آرڈر کی پوری رقم ادا ہو گئی ہے۔',

  // A bank receipt, to staff
  'Receipt for order #{id} to check': 'آرڈر نمبر {id} کی رسید چیک کرنی ہے',
  'Receipt for order #{id}': 'آرڈر نمبر {id} کی رسید',
  '{customer} sent a receipt of {amount} for order #{id}. Check the transfer and confirm or reject it on the order.':
    '{customer} نے آرڈر نمبر {id} کے لیے {amount} کی رسید بھیجی ہے۔ ٹرانسفر چیک کر کے آرڈر پر اسے قبول یا مسترد کریں۔',

  // Stock, to staff and to a shopper who asked
  '{name} is low on stock: {stock} left (the threshold is {threshold}).':
    '{name} کا اسٹاک کم ہے: صرف {stock} باقی ہیں (حد {threshold} ہے)۔',
  'Low stock: {name}': 'اسٹاک کم ہے: {name}',
  'Open the product': 'پروڈکٹ کھولیں',
  'Good news: {product} is back in stock. Order it before it sells out again.':
    'خوش خبری: {product} دوبارہ اسٹاک میں آ گیا ہے۔ دوبارہ ختم ہونے سے پہلے آرڈر کر لیں۔',
  '{store}: {product} is back in stock': '{store}: {product} دوبارہ اسٹاک میں آ گیا ہے',
  '{product} is back in stock': '{product} دوبارہ اسٹاک میں آ گیا ہے',
  'See it here: {url}': 'یہاں دیکھیں: {url}',
  'See the product': 'پروڈکٹ دیکھیں',
  '{store}: {product} is back in stock.': '{store}: {product} دوبارہ اسٹاک میں آ گیا ہے۔',

  // Messages
  '{store} replied to your message': '{store} نے آپ کے پیغام کا جواب دیا',
  'A reply from us': 'ہماری طرف سے جواب',
  'Hello {name}, we replied to your message:': 'السلام علیکم {name}، ہم نے آپ کے پیغام کا جواب دیا ہے:',
  'Reply here: {url}': 'یہاں جواب دیں: {url}',
  'Read and reply': 'پڑھیں اور جواب دیں',
  'Message from {name}': '{name} کا پیغام',
  'A customer message': 'گاہک کا پیغام',
  '{name} wrote:': '{name} نے لکھا:',
  'Answer in the back office: {url}': 'بیک آفس میں جواب دیں: {url}',
  Answer: 'جواب دیں',

  // The gateway's short texts; a status runs on from the shop's name, and says in Urdu what a mail says
  '{store}: we received your order #{id} ({total}). Expected delivery {when}.':
    '{store}: ہمیں آپ کا آرڈر نمبر {id} ({total}) مل گیا ہے۔ متوقع ڈیلیوری {when}۔',
  'your order #{id} is now Pending.': 'آپ کا آرڈر نمبر {id} اب زیرِ التوا ہے۔',
  'your order #{id} is now Processing.': 'آپ کا آرڈر نمبر {id} اب تیار کیا جا رہا ہے۔',
  'your order #{id} is now Shipped.': 'آپ کا آرڈر نمبر {id} روانہ کر دیا گیا ہے۔',
  'your order #{id} is now Delivered.': 'آپ کا آرڈر نمبر {id} آپ تک پہنچا دیا گیا ہے۔',
  'your order #{id} is now Cancelled.': 'آپ کا آرڈر نمبر {id} منسوخ کر دیا گیا ہے۔',
  '{store} replied to your message.': '{store} نے آپ کے پیغام کا جواب دیا ہے۔',

  // Claims and cancellations after confirmation (claim-mails.ts)
  'We received your claim #{id} on order #{order} and will look at it soon.':
    'ہمیں آرڈر نمبر {order} پر آپ کا کلیم نمبر {id} مل گیا ہے، ہم جلد اسے دیکھیں گے۔',
  'Your claim #{id} on order #{order} is approved.':
    'آرڈر نمبر {order} پر آپ کا کلیم نمبر {id} منظور ہو گیا ہے۔',
  'Your claim #{id} on order #{order} is not accepted.':
    'معذرت، آرڈر نمبر {order} پر آپ کا کلیم نمبر {id} قبول نہیں کیا گیا۔',
  'We will collect the pieces of claim #{id} on {date}.': 'کلیم نمبر {id} کا سامان ہم {date} کو اٹھائیں گے۔',
  'We received the pieces of claim #{id}.': 'کلیم نمبر {id} کا سامان ہمیں مل گیا ہے۔',
  'Your claim #{id} on order #{order} is resolved.':
    'آرڈر نمبر {order} پر آپ کا کلیم نمبر {id} نمٹا دیا گیا ہے۔',
  '{store}: claim #{id}': '{store}: کلیم نمبر {id}',
  'Claim #{id}': 'کلیم نمبر {id}',
  'Your claim: {url}': 'آپ کا کلیم: {url}',
  'See your claim': 'اپنا کلیم دیکھیں',
  'Your order #{id} is cancelled as you asked; {refund} will be refunded.':
    'آپ کی درخواست پر آرڈر نمبر {id} منسوخ کر دیا گیا ہے؛ {refund} واپس کیے جائیں گے۔',
  'We could not cancel your order #{id}; it goes ahead.':
    'معذرت، ہم آپ کا آرڈر نمبر {id} منسوخ نہیں کر سکے؛ آرڈر جاری رہے گا۔',
  '{store}: your cancellation of order #{id}': '{store}: آرڈر نمبر {id} کی منسوخی',
  '{customer} asked to cancel the confirmed order #{id}. Approve or refuse it on the order.':
    '{customer} نے تصدیق شدہ آرڈر نمبر {id} منسوخ کرنے کی درخواست کی ہے۔ آرڈر پر اسے منظور یا نامنظور کریں۔',
  '{customer} reported a problem with order #{id} (claim #{claim}). Look at it in the claims queue.':
    '{customer} نے آرڈر نمبر {id} میں مسئلے کی اطلاع دی ہے (کلیم نمبر {claim})۔ کلیمز کی فہرست میں اسے دیکھیں۔',
  'Request to cancel order #{id}': 'آرڈر نمبر {id} کی منسوخی کی درخواست',
  'Claim #{id} to look at': 'کلیم نمبر {id} دیکھنا ہے',
  'Open it': 'کھولیں',

  // The password reset mail (auth/reset-mail.ts)
  'Reset your {store} password': '{store} کا پاس ورڈ نیا رکھیں',
  'Someone asked to reset the password of your {store} account. To choose a new password, open this link within one hour:':
    'کسی نے آپ کے {store} اکاؤنٹ کا پاس ورڈ بدلنے کی درخواست کی ہے۔ نیا پاس ورڈ رکھنے کے لیے ایک گھنٹے کے اندر یہ لنک کھولیں:',
  'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.':
    'یہ لنک صرف ایک بار کام کرتا ہے۔ اگر یہ درخواست آپ نے نہیں کی تو اس ای میل کو نظر انداز کر دیں؛ آپ کا پاس ورڈ جوں کا توں رہے گا۔',
  '{store}, Lahore': '{store}، لاہور',

  // An account the order desk opened for a customer (auth/reset-mail.ts)
  'Your {store} account': 'آپ کا {store} اکاؤنٹ',
  'We opened a {store} account for your order. To see your orders and pay online, choose a password with this link within 7 days:':
    'ہم نے آپ کے آرڈر کے لیے {store} پر آپ کا اکاؤنٹ بنا دیا ہے۔ اپنے آرڈر دیکھنے اور آن لائن ادائیگی کے لیے 7 دن کے اندر اس لنک سے پاس ورڈ رکھیں:',

  // An order the order desk sends its customer (order-desk-mails.ts)
  'your order #{id} ({total}) is ready for you to look at and accept.':
    'آپ کا آرڈر نمبر {id} ({total}) تیار ہے؛ اسے دیکھ کر منظور کریں۔',
  'An advance of {amount} is due once you accept.': 'منظوری کے بعد {amount} پیشگی ادا کرنی ہے۔',
  'The link works for 7 days.': 'یہ لنک 7 دن تک کام کرے گا۔',
  '{store}: your order #{id}': '{store}: آپ کا آرڈر نمبر {id}',
  'See the order': 'آرڈر دیکھیں',
} satisfies SentenceCatalog

/** A message the mails can say */
export type MailWord = keyof typeof urduMailWords
