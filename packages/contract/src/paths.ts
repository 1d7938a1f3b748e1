/**
 * Where each route of the API lives, and nothing else: no zod here, so the web app's first bundle can
 * address every route without the schemas. Each feature's route table adds access, schemas and status
 * to these, and the client finds a route's types through its method and path (`ContractRoute`).
 */
export const paths = {
  analytics: {
    salesSummary: { method: 'GET', path: '/api/analytics/sales-summary/' },
  },
  addresses: {
    listAddresses: { method: 'GET', path: '/api/addresses/' },
    createAddress: { method: 'POST', path: '/api/addresses/' },
    updateAddress: { method: 'PUT', path: '/api/addresses/:id/' },
    deleteAddress: { method: 'DELETE', path: '/api/addresses/:id/' },
  },
  auth: {
    register: { method: 'POST', path: '/api/auth/register/' },
    login: { method: 'POST', path: '/api/auth/login/' },
    refresh: { method: 'POST', path: '/api/auth/refresh/' },
    logout: { method: 'POST', path: '/api/auth/logout/' },
    profile: { method: 'GET', path: '/api/auth/profile/' },
    updateProfile: { method: 'PATCH', path: '/api/auth/profile/' },
    passwordReset: { method: 'POST', path: '/api/auth/password-reset/' },
    passwordResetConfirm: { method: 'POST', path: '/api/auth/password-reset/confirm/' },
    twoFactorSetup: { method: 'POST', path: '/api/auth/2fa/setup/' },
    twoFactorConfirm: { method: 'POST', path: '/api/auth/2fa/confirm/' },
    twoFactorVerify: { method: 'POST', path: '/api/auth/2fa/verify/' },
  },
  coupons: {
    listCoupons: { method: 'GET', path: '/api/coupons/' },
    createCoupon: { method: 'POST', path: '/api/coupons/' },
    updateCoupon: { method: 'PUT', path: '/api/coupons/:id/' },
    deleteCoupon: { method: 'DELETE', path: '/api/coupons/:id/' },
  },
  delivery: {
    listDeliveryZones: { method: 'GET', path: '/api/delivery-zones/' },
    createDeliveryZone: { method: 'POST', path: '/api/delivery-zones/' },
    updateDeliveryZone: { method: 'PUT', path: '/api/delivery-zones/:id/' },
    deleteDeliveryZone: { method: 'DELETE', path: '/api/delivery-zones/:id/' },
    getBankAccount: { method: 'GET', path: '/api/bank-account/' },
    updateBankAccount: { method: 'PUT', path: '/api/bank-account/' },
  },
  payments: {
    listPayments: { method: 'GET', path: '/api/orders/:id/payments/' },
    recordPayment: { method: 'POST', path: '/api/orders/:id/payments/' },
    checkPayment: { method: 'PATCH', path: '/api/orders/:id/payments/:pid/' },
    getPaymentEntryProof: { method: 'GET', path: '/api/orders/:id/payments/:pid/proof/' },
    getPaymentSettings: { method: 'GET', path: '/api/settings/payments/' },
    updatePaymentSettings: { method: 'PUT', path: '/api/settings/payments/' },
  },
  health: {
    health: { method: 'GET', path: '/api/health/' },
    ready: { method: 'GET', path: '/api/ready/' },
  },
  cart: {
    getCart: { method: 'GET', path: '/api/cart/' },
    addToCart: { method: 'POST', path: '/api/cart/' },
    updateCartItem: { method: 'PATCH', path: '/api/cart/' },
    removeCartItem: { method: 'DELETE', path: '/api/cart/' },
  },
  catalog: {
    createCategory: { method: 'POST', path: '/api/categories/' },
    updateCategory: { method: 'PUT', path: '/api/categories/:id/' },
    deleteCategory: { method: 'DELETE', path: '/api/categories/:id/' },
    facets: { method: 'GET', path: '/api/products/facets/' },
    listCategories: { method: 'GET', path: '/api/categories/' },
    listProducts: { method: 'GET', path: '/api/products/' },
    listNewArrivals: { method: 'GET', path: '/api/products/new-arrivals/' },
    listFlashDeals: { method: 'GET', path: '/api/products/flash-deals/' },
    listSale: { method: 'GET', path: '/api/products/sale/' },
    showcase: { method: 'GET', path: '/api/products/showcase/' },
    getProduct: { method: 'GET', path: '/api/products/:id/' },
    createProduct: { method: 'POST', path: '/api/products/' },
    updateProduct: { method: 'PUT', path: '/api/products/:id/' },
    deleteProduct: { method: 'DELETE', path: '/api/products/:id/' },
    deleteImage: { method: 'POST', path: '/api/products/:id/delete-image/' },
  },
  messaging: {
    buyNow: { method: 'POST', path: '/api/buy-now-message/' },
    listConversations: { method: 'GET', path: '/api/conversations/' },
    listMessages: { method: 'GET', path: '/api/conversations/:id/messages/' },
    sendMessage: { method: 'POST', path: '/api/conversations/:id/messages/' },
    messageEvents: { method: 'GET', path: '/api/conversations/:id/events/' },
  },
  orders: {
    placeOrder: { method: 'POST', path: '/api/orders/' },
    listOrders: { method: 'GET', path: '/api/orders/' },
    getOrder: { method: 'GET', path: '/api/orders/:id/' },
    updateOrder: { method: 'PATCH', path: '/api/orders/:id/' },
    quoteOrder: { method: 'POST', path: '/api/orders/quote/' },
    cancelOrder: { method: 'POST', path: '/api/orders/:id/cancel/' },
    uploadPaymentProof: { method: 'POST', path: '/api/orders/:id/payment-proof/' },
    getPaymentProof: { method: 'GET', path: '/api/orders/:id/payment-proof/' },
  },
  people: {
    listPeople: { method: 'GET', path: '/api/admin/users/' },
    updatePerson: { method: 'PATCH', path: '/api/admin/users/:id/' },
  },
  audit: {
    listAudit: { method: 'GET', path: '/api/admin/audit/' },
  },
  staff: {
    workCounts: { method: 'GET', path: '/api/staff/counts/' },
    workEvents: { method: 'GET', path: '/api/staff/events/' },
  },
  reviews: {
    createReview: { method: 'POST', path: '/api/products/:id/reviews/' },
    updateReview: { method: 'PUT', path: '/api/products/:id/reviews/:reviewId/' },
    deleteReview: { method: 'DELETE', path: '/api/products/:id/reviews/:reviewId/' },
  },
} as const
