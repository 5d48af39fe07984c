// The address form's rules are shared with the address book (/addr); they live in shared/.
export * from '../../shared/address-rules';
